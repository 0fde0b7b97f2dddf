import type { AccountSecurity } from "@latent/domain/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** GET account: the provider, the email and its confirmation, two-factor sign-in and the password's age. */
export const getAccountSecurity = (api: ApiClient) => api<AccountSecurity>("/api/account");

export const accountSecurityQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: accountKeys.security,
    queryFn: () => getAccountSecurity(api),
    // The email is often confirmed in another tab (the mail's link): coming back must show it at once.
    refetchOnWindowFocus: "always",
  });

export function useAccountSecurity() {
  return useQuery(accountSecurityQueryOptions(useApiClient()));
}
