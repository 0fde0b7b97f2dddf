import type { OrderShare } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** POST orders/{id}/share?expiration=<minutes>: the order's public link; the order becomes `shared`. */
export const shareOrder = (api: ApiClient, id: string, minutes: number) =>
  api<OrderShare>(`${orderPath(id)}/share?expiration=${minutes}`, { method: "POST" });

export function useShareOrder(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => shareOrder(api, id, minutes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
