import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";
import type { TotpConfirm } from "./totp-confirm.ts";

/** POST account/totp/disable (204): the password and a current code (or a recovery code). */
export const disableTotp = (api: ApiClient, body: TotpConfirm) => api<void>("/api/account/totp/disable", { method: "POST", json: body });

export function useDisableTotp() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpConfirm) => disableTotp(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }),
  });
}
