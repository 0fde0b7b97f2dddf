import type { RecoveryCodes } from "@latent/domain/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";
import type { TotpConfirm } from "./totp-confirm.ts";

/** POST account/recovery-codes: ten new recovery codes, which replace every old one. */
export const createRecoveryCodes = (api: ApiClient, body: TotpConfirm) =>
  api<RecoveryCodes>("/api/account/recovery-codes", { method: "POST", json: body });

export function useCreateRecoveryCodes() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpConfirm) => createRecoveryCodes(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }),
  });
}
