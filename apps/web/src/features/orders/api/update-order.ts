import type { Order, UpdateOrder } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** PUT orders/{id}: the reference or the customer's details. */
export const updateOrder = (api: ApiClient, id: string, body: UpdateOrder) => api<Order>(orderPath(id), { method: "PUT", json: body });

export function useUpdateOrder(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrder) => updateOrder(api, id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
