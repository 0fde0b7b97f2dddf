import type { PublicComment } from "@latent/domain/guest-answers";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { type LinkKind, publicPath } from "./link-kind.ts";

/**
 * POST public/film/comments or public/order/comments: a plain-text comment on a frame (`shotId`) or on the whole
 * roll or order (null). 401 `guest-name-required`, 429 `guest-answers-rate-limited`.
 */
export const postGuestComment = (kind: LinkKind, code: string, shotId: string | null, text: string) =>
  shareLinkClient(code)<PublicComment>(publicPath(kind, "comments"), { method: "POST", json: { shot_id: shotId, text } });
