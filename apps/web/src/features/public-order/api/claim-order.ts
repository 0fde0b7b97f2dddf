import type { ClaimedSchema } from "@latent/domain/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "../../films/api/film-keys.ts";
import { publicOrderKeys } from "./get-public-order.ts";

export type ClaimedOrder = z.infer<typeof ClaimedSchema>;

/**
 * POST orders/claim with the signed-in photographer's token: copies the order's rolls into their account. 403
 * `order-not-yours`, 409 `order-already-added`, 422 `films-capacity-reached`, 400 `not-enough-space`.
 */
export const claimOrder = (api: ApiClient, code: string) => api<ClaimedOrder>("/api/orders/claim", { method: "POST", json: { code } });

export function useClaimOrder(code: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimOrder(api, code),
    // The new rolls join the photographer's lists; the order now says it was claimed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
        queryClient.invalidateQueries({ queryKey: publicOrderKeys.order(code) }),
      ]),
  });
}
