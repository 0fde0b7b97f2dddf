import type { UploadRequest, UploadResponse } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/**
 * POST film/shot/{filmId}/{index}/upload: checks the roll, the index, size and space before any byte is sent, and
 * answers how to cut the file into chunks. 400 `not-enough-space`, `too-many-images` or `file-too-large`.
 */
export const beginShotUpload = (api: ApiClient, filmId: string, index: number, body: UploadRequest) =>
  api<UploadResponse>(`/api/film/shot/${encodeURIComponent(filmId)}/${index}/upload`, { method: "POST", json: body });
