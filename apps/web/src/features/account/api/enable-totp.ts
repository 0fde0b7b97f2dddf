import type { RecoveryCodes } from "@latent/domain/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** POST account/totp/enable: a code from the pending secret turns two-factor on; answers the recovery codes. */
export const enableTotp = (api: ApiClient, code: string) =>
  api<RecoveryCodes>("/api/account/totp/enable", { method: "POST", json: { code } });

export function useEnableTotp() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => enableTotp(api, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }),
  });
}
