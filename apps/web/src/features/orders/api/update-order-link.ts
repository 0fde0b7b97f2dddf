import type { LinkSettings, ShareSettings } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** PUT orders/{id}/link: the current link's settings change, its code stays. 409 `order-not-shared` before a first link. */
export const updateOrderLink = (api: ApiClient, id: string, settings: ShareSettings) =>
  api<LinkSettings>(`${orderPath(id)}/link`, { method: "PUT", json: settings });

export function useUpdateOrderLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareSettings) => updateOrderLink(api, id, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
