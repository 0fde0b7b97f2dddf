import type { ApiClient } from "../../../shared/api/api-client.ts";
import { type AnswersScope, scopePath } from "./answers-scope.ts";

export type FavouritesFormat = "txt" | "csv";

/** GET film/{id}/favourites?format= (or the order's): the favourited frames' file names, one per line, or as CSV. */
export const exportFavourites = (api: ApiClient, scope: AnswersScope, format: FavouritesFormat) =>
  api<Blob>(scopePath(scope, `favourites?format=${format}`), { responseType: "blob" });
