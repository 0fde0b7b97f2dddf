import type { ShareSettings } from "@latent/domain/films";
import type { OrderShare } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** POST orders/{id}/share with the link's settings (a field left out keeps the current link's): the order's public link; the order becomes `shared`. */
export const shareOrder = (api: ApiClient, id: string, settings: ShareSettings) =>
  api<OrderShare>(`${orderPath(id)}/share`, { method: "POST", json: settings });

export function useShareOrder(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareSettings) => shareOrder(api, id, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
