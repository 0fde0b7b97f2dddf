import type { User } from "@latent/domain/user";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "../../shared/api/api-client-context.tsx";
import { userQueryOptions } from "../user/api/get-user.ts";

/**
 * Whose companion this is: a lab's shows its orders, a photographer's their rolls. Read without suspending, so an
 * offline phone with no profile kept shows the photographer's screens rather than nothing; null while it loads.
 */
export function useCompanionRole(): User["role"] | null {
  const user = useQuery(userQueryOptions(useApiClient()));
  if (user.data) return user.data.role;
  return user.isPending && user.fetchStatus !== "paused" ? null : "user";
}
