import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** DELETE orders/{id} (204): the order, its rolls and their files; 500 `order-delete-failed`. */
export const deleteOrder = (api: ApiClient, id: string) => api<void>(orderPath(id), { method: "DELETE" });

export function useDeleteOrder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOrder(api, id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
