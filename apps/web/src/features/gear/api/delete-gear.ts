import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "../../user/api/get-user.ts";
import { type GearKind, gearQueryKey } from "./gear-kind.ts";

/** DELETE cameras/{id} / DELETE lenses/{id} (204). */
export const deleteGear = (api: ApiClient, kind: GearKind, id: string) =>
  api<void>(`/api/${kind}/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteGear(kind: GearKind) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGear(api, kind, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gearQueryKey(kind) }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
  });
}
