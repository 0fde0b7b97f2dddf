import { shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { type LinkKind, publicPath } from "./link-kind.ts";

/**
 * POST public/film/unlock or public/order/unlock with the link's password: 204 with a session cookie that opens the
 * link in this browser until it closes. 401 `share-password-wrong`, 429 `share-password-attempts`.
 */
export const unlockLink = (kind: LinkKind, code: string, password: string) =>
  shareLinkClient(code)<void>(publicPath(kind, "unlock"), { method: "POST", json: { password } });
