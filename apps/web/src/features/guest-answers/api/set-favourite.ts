import { shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { type LinkKind, publicPath } from "./link-kind.ts";

/**
 * PUT (favourite) or DELETE (unfavourite) public/film/favourites/{shotId}, or the order's: 204, the same answer when
 * repeated. 401 `guest-name-required` before the guest gave a name.
 */
export const setFavourite = (kind: LinkKind, code: string, shotId: string, on: boolean) =>
  shareLinkClient(code)<void>(publicPath(kind, `favourites/${encodeURIComponent(shotId)}`), { method: on ? "PUT" : "DELETE" });
