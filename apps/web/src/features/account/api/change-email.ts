import type { ChangeEmail } from "@latent/domain/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** POST account/email (202): a link goes to the new address; 409 `email-taken`, 403 `wrong-password`. */
export const changeEmail = (api: ApiClient, body: ChangeEmail) => api<void>("/api/account/email", { method: "POST", json: body });

export function useChangeEmail() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => changeEmail(api, body),
    // The new address now waits for its confirmation (`pending_email`).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }),
  });
}
