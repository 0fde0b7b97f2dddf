import type { ZipData } from "@latent/domain/films";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** GET public/order/download/{filmId} with the order link's code: one roll's zip manifest, as a shared roll's. */
export const getOrderZip = (code: string, filmId: string) =>
  shareLinkClient(code)<ZipData>(`/api/public/order/download/${encodeURIComponent(filmId)}`);
