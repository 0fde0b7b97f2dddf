import type { NewOwnerComment, OwnerComment } from "@latent/domain/guest-answers";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { type AnswersScope, scopePath } from "./answers-scope.ts";

/** POST film/{id}/comments or orders/{id}/comments: the owner's (the lab's) comment, or reply to a guest's (`reply_to`). */
export const postOwnerComment = (api: ApiClient, scope: AnswersScope, comment: NewOwnerComment) =>
  api<OwnerComment>(scopePath(scope, "comments"), { method: "POST", json: comment });
