import type { Shot } from "@latent/domain/films";
import type { ApplyFrameLogBody } from "@latent/domain/frame-logs/frame-log-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** POST film/{id}/frame-log/apply: writes the confirmed pairs' exposure into their shots, all or none. */
export const applyFrameLog = (api: ApiClient, filmId: string, body: ApplyFrameLogBody) =>
  api<Shot[]>(`/api/film/${encodeURIComponent(filmId)}/frame-log/apply`, { method: "POST", json: body });

export function useApplyFrameLog(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyFrameLogBody) => applyFrameLog(api, filmId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filmKeys.detail(filmId) }),
  });
}
