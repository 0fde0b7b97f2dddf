import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** POST user/reactivate (201): a checkout for the previous plan; paying it makes the account active again. */
export const reactivateAccount = (api: ApiClient) => api<{ url: string }>("/api/user/reactivate", { method: "POST" });

export function useReactivateAccount() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => reactivateAccount(api) });
}
