import type { OrderShare } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/**
 * POST orders/{id}/send?expiration=<minutes>: emails the customer a new link with the lab's template; the order
 * becomes `sent`. 409 `order-empty` while no roll has scans.
 */
export const sendOrder = (api: ApiClient, id: string, minutes: number) =>
  api<OrderShare>(`${orderPath(id)}/send?expiration=${minutes}`, { method: "POST" });

export function useSendOrder(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => sendOrder(api, id, minutes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
