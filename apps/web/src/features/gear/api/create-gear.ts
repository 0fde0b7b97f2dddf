import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { USER_QUERY_KEY } from "../../user/api/get-user.ts";
import { type GearKind, type GearMetadataOf, type GearOf, gearQueryKey } from "./gear-kind.ts";

/** POST cameras / POST lenses; answers 422 `gear-limit-reached` when the plan has no room left. */
export const createGear = <K extends GearKind>(api: ApiClient, kind: K, metadata: GearMetadataOf[K]) =>
  api<GearOf[K]>(`/api/${kind}`, { method: "POST", json: { metadata } });

export function useCreateGear<K extends GearKind>(kind: K) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadata: GearMetadataOf[K]) => createGear(api, kind, metadata),
    // The user's usage counts gear against the plan: refresh it with the list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gearQueryKey(kind) }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
    // Refused at the limit (another tab took the last place): the usage shown is stale, so "Add" gets disabled.
    onError: (err) => {
      if (err instanceof ApiError && err.code === "gear-limit-reached") void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
