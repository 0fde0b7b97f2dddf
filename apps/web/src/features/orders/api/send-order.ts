import type { ShareSettings } from "@latent/domain/films";
import type { OrderShare } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/**
 * POST orders/{id}/send with the link's settings (a field left out keeps the current link's): emails the customer a new link with the lab's template; the order
 * becomes `sent`. 409 `order-empty` while no roll has scans.
 */
export const sendOrder = (api: ApiClient, id: string, settings: ShareSettings) =>
  api<OrderShare>(`${orderPath(id)}/send`, { method: "POST", json: settings });

export function useSendOrder(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareSettings) => sendOrder(api, id, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
