import type { ChangePassword } from "@latent/domain/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** POST account/password (204); 403 `wrong-password`, 400 `password-too-short` / `password-too-common`. */
export const changePassword = (api: ApiClient, body: ChangePassword) => api<void>("/api/account/password", { method: "POST", json: body });

export function useChangePassword() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePassword) => changePassword(api, body),
    // The server signs the other sessions out and dates the change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.security }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]),
  });
}
