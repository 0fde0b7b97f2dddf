import type { ShotContentType } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

export interface UploadGrant {
  upload_id: string;
  /** Bytes per chunk: chunk n is `file.slice(n * max_upload_size, (n + 1) * max_upload_size)`. */
  max_upload_size: number;
  /** One relative URL per chunk, each PUT with the user's bearer token. */
  urls: string[];
}

/**
 * POST film/shot/{filmId}/{index}/upload: checks the roll, the index, size and space before any byte is sent.
 * 400 `not-enough-space`, `too-many-images` or `file-too-large`.
 */
export const beginShotUpload = (
  api: ApiClient,
  filmId: string,
  index: number,
  body: { content_type: ShotContentType; content_length: number; file_name?: string },
) => api<UploadGrant>(`/api/film/shot/${encodeURIComponent(filmId)}/${index}/upload`, { method: "POST", json: body });
