import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** POST account/verification (202): the confirmation mail again; 429 `rate-limited-email` within the cooldown. */
export const sendVerification = (api: ApiClient) => api<void>("/api/account/verification", { method: "POST" });

export function useSendVerification() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => sendVerification(api) });
}
