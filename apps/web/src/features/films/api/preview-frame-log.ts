import type { FrameLogPreview, FrameLogPreviewBody } from "@latent/domain/frame-logs/frame-log-api";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/**
 * POST film/{id}/frame-log: reads a logging app's export and proposes which shot each logged frame goes on; writes
 * nothing. 400 `frame-log-unreadable` says why a file is not a log; 413 past the size limit.
 */
export const previewFrameLog = (api: ApiClient, filmId: string, body: FrameLogPreviewBody) =>
  api<FrameLogPreview>(`/api/film/${encodeURIComponent(filmId)}/frame-log`, { method: "POST", json: body });

export function usePreviewFrameLog(filmId: string) {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: FrameLogPreviewBody) => previewFrameLog(api, filmId, body) });
}
