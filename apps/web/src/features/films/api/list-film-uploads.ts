import type { UploadStatus } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/**
 * GET film/{id}/uploads: the roll's unfinished uploads, each with its shot index, file name, size and the parts
 * still to send (a file chosen again resumes where its upload stopped, even from another page).
 */
export const listFilmUploads = (api: ApiClient, filmId: string) => api<UploadStatus[]>(`/api/film/${encodeURIComponent(filmId)}/uploads`);
