import type { DataExport } from "@latent/domain/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { accountKeys } from "./account-keys.ts";

/** POST account/export (202): starts building the archive; 409 `export-running` while one is being built. */
export const startExport = (api: ApiClient) => api<DataExport>("/api/account/export", { method: "POST" });

export function useStartExport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startExport(api),
    // The answer is the new state: showing it starts the polling at once.
    onSuccess: (started) => queryClient.setQueryData(accountKeys.export, started),
    // Another tab started one: show that one's progress instead.
    onError: (err) => {
      if (err instanceof ApiError && err.code === "export-running") void queryClient.invalidateQueries({ queryKey: accountKeys.export });
    },
  });
}
