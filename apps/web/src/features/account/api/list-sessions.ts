import type { AccountSession } from "@latent/domain/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { accountKeys } from "./account-keys.ts";

/** GET account/sessions: every signed-in browser and app, the current one marked. */
export const listSessions = (api: ApiClient) => api<AccountSession[]>("/api/account/sessions");

export const sessionsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: accountKeys.sessions, queryFn: () => listSessions(api) });

export function useSessions() {
  return useQuery(sessionsQueryOptions(useApiClient()));
}
