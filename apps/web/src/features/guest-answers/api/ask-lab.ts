import type { GuestRequest, RequestKind } from "@latent/domain/guest-answers";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** POST public/order/requests: asks the lab to rescan or print a frame, with a note. 401 `guest-name-required`. */
export const askLab = (code: string, request: { kind: RequestKind; shot_id: string; note: string }) =>
  shareLinkClient(code)<GuestRequest>("/api/public/order/requests", { method: "POST", json: request });
