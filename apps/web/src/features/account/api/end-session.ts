import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** DELETE account/sessions/{id} (204): signs that browser or app out; 404 `session-not-found`. */
export const endSession = (api: ApiClient, id: string) =>
  api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useEndSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => endSession(api, id),
    // Also after a 404: the session ended meanwhile, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
