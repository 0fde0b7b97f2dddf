import type { ZipData } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/** GET film/{id}/download: the zip manifest, with a short-lived signed link to the zip itself. */
export const getFilmDownload = (api: ApiClient, id: string) => api<ZipData>(`/api/film/${encodeURIComponent(id)}/download`);
