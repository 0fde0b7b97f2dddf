import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { type GearKind, type GearMetadataOf, type GearOf, gearQueryKey } from "./gear-kind.ts";

/** PUT cameras/{id} / PUT lenses/{id}; 404 `not-found` when it no longer exists. */
export const updateGear = <K extends GearKind>(api: ApiClient, kind: K, id: string, metadata: GearMetadataOf[K]) =>
  api<GearOf[K]>(`/api/${kind}/${encodeURIComponent(id)}`, { method: "PUT", json: { metadata } });

export function useUpdateGear<K extends GearKind>(kind: K) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, metadata }: { id: string; metadata: GearMetadataOf[K] }) => updateGear(api, kind, id, metadata),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gearQueryKey(kind) }),
  });
}
