import type { NewOrderSchema, Order } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys } from "./order-keys.ts";

export type NewOrderBody = z.input<typeof NewOrderSchema>;

/** POST orders: a new order for a customer (201). */
export const createOrder = (api: ApiClient, body: NewOrderBody) => api<Order>("/api/orders", { method: "POST", json: body });

export function useCreateOrder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOrderBody) => createOrder(api, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
