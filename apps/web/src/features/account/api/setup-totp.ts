import type { TotpSetup } from "@latent/domain/account";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** POST account/totp/setup: a new secret to scan, pending until a code from it is confirmed. */
export const setupTotp = (api: ApiClient) => api<TotpSetup>("/api/account/totp/setup", { method: "POST" });

export function useSetupTotp() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => setupTotp(api) });
}
