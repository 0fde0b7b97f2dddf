import type { BetaStatus } from "@latent/domain/contact";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET /beta (open-beta service, outside /api): whether registration is open, its last day and its places. */
export const getBetaStatus = (api: ApiClient) => api<BetaStatus>("/beta");

export const betaStatusQueryOptions = (api: ApiClient) => queryOptions({ queryKey: ["beta", "status"], queryFn: () => getBetaStatus(api) });

export function useBetaStatus() {
  return useQuery(betaStatusQueryOptions(useApiClient()));
}
