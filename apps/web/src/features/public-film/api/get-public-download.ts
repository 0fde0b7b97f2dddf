import type { ZipData } from "@latent/domain/films";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** GET public/film/download with the share code: the shared roll's zip manifest. */
export const getPublicDownload = (code: string) => shareLinkClient(code)<ZipData>("/api/public/film/download");
