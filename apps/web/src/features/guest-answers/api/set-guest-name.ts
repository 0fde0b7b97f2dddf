import type { Guest } from "@latent/domain/guest-answers";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { type LinkKind, publicPath } from "./link-kind.ts";

/**
 * POST public/film/guest or public/order/guest {name}: the guest's name for this link, kept in a signed cookie the
 * browser sends by itself (a second call renames the same guest). 403 `guest-answers-off`, 429 `guest-answers-rate-limited`.
 */
export const setGuestName = (kind: LinkKind, code: string, name: string) =>
  shareLinkClient(code)<Guest>(publicPath(kind, "guest"), { method: "POST", json: { name } });
