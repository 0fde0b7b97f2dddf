import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { USER_QUERY_KEY } from "../../user/api/get-user.ts";
import { filmKeys } from "./film-keys.ts";

/** DELETE film/{id} (204): the roll, its shots and their files. */
export const deleteFilm = (api: ApiClient, id: string) => api<void>(`/api/film/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteFilm() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFilm(api, id),
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: filmKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
  });
}
