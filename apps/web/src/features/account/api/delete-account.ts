import type { DeleteAccount } from "@latent/domain/account";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** DELETE account (204): everything of the person is deleted and every session ends; 403 `wrong-password`, `totp-*`. */
export const deleteAccount = (api: ApiClient, body: DeleteAccount) => api<void>("/api/account", { method: "DELETE", json: body });

export function useDeleteAccount() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: DeleteAccount) => deleteAccount(api, body) });
}
