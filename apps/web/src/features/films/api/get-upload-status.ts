import type { UploadStatus } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/**
 * GET uploads/{uploadId}: what the server already holds of an upload (parts received, parts missing), so a reloaded
 * page sends only the rest. 404 `not-found` once the upload is gone (stalled, cancelled) or for anyone else's.
 */
export const getUploadStatus = (api: ApiClient, uploadId: string) => api<UploadStatus>(`/api/uploads/${encodeURIComponent(uploadId)}`);
