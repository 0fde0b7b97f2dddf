import type { CreatedLabKey, CreateLabKeyBody } from "@latent/domain/lab-api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labApiKeysKey } from "./lab-api-keys-key.ts";

/** POST lab/api-keys: a new key, its token in this answer only. */
export const createLabApiKey = (api: ApiClient, body: CreateLabKeyBody) =>
  api<CreatedLabKey>("/api/lab/api-keys", { method: "POST", json: body });

export function useCreateLabApiKey() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLabKeyBody) => createLabApiKey(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labApiKeysKey }),
  });
}
