import type { IntegrationsState } from "@latent/domain/integrations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** GET integrations/: whether a secret is set and which stores are connected (never their credentials). */
export const getIntegrations = (api: ApiClient) => api<IntegrationsState>("/api/integrations");

export const integrationsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: labKeys.integrations, queryFn: () => getIntegrations(api) });

export function useIntegrations() {
  return useQuery(integrationsQueryOptions(useApiClient()));
}
