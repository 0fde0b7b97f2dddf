import type { BetaBody, BetaRegistered } from "@latent/domain/contact";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { betaStatusQueryOptions } from "./get-beta-status.ts";

/**
 * POST /beta (open-beta service, outside /api): 201 `{position}`; 410 `beta-closed` after the deadline or once full;
 * 409 `email-already-registered`; 400 `bad-request` with `fields`.
 */
export const registerBeta = (api: ApiClient, body: BetaBody) => api<BetaRegistered>("/beta", { method: "POST", json: body });

export function useRegisterBeta() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetaBody) => registerBeta(api, body),
    // A registration may take the last place, and a refusal may mean the beta closed meanwhile: ask again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: betaStatusQueryOptions(api).queryKey }),
  });
}
