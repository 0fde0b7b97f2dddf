import type { User } from "@latent/domain/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "./get-user.ts";

/** POST user/downgrade (201): runs the downgrade clean-up now, deleting unkept scans oldest first until they fit. */
export const runDowngrade = (api: ApiClient) => api<User>("/api/user/downgrade", { method: "POST" });

export function useRunDowngrade() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runDowngrade(api),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      // Rolls lost scans: their lists and counts are stale.
      void queryClient.invalidateQueries();
    },
  });
}
