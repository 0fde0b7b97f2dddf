import type { User } from "@latent/domain/user";
import { queryOptions, useSuspenseQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

export const USER_QUERY_KEY = ["user"] as const;

/** GET user/: the signed-in user's profile, plan limits and usage. */
export const getUser = (api: ApiClient) => api<User>("/api/user");

export const userQueryOptions = (api: ApiClient) => queryOptions({ queryKey: USER_QUERY_KEY, queryFn: () => getUser(api) });

/** The signed-in user; the /u guard loads it before any user screen renders, so it never suspends there. */
export function useCurrentUser(): User {
  return useSuspenseQuery(userQueryOptions(useApiClient())).data;
}
