import type { LabKey } from "@latent/domain/lab-api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labApiKeysKey } from "./lab-api-keys-key.ts";

/** GET lab/api-keys: the lab's live keys, never their tokens. */
export const getLabApiKeys = (api: ApiClient) => api<LabKey[]>("/api/lab/api-keys");

export const labApiKeysQueryOptions = (api: ApiClient) => queryOptions({ queryKey: labApiKeysKey, queryFn: () => getLabApiKeys(api) });

export function useLabApiKeys() {
  return useQuery(labApiKeysQueryOptions(useApiClient()));
}
