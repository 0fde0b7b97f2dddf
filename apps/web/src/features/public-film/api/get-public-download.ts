import type { ZipData } from "@latent/domain/films";
import { publicApi } from "./public-api.ts";

/** GET public/film/download with the share code: the shared roll's zip manifest. */
export const getPublicDownload = (code: string) => publicApi<ZipData>("/api/public/film/download", code);
