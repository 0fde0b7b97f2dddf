import type { OwnerComment } from "@latent/domain/guest-answers";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { type AnswersScope, scopePath } from "./answers-scope.ts";

/** PUT …/comments/{commentId} {hidden}: hides a comment from guests, or shows it again. 404 `comment-not-found`. */
export const setCommentHidden = (api: ApiClient, scope: AnswersScope, commentId: string, hidden: boolean) =>
  api<OwnerComment>(scopePath(scope, `comments/${encodeURIComponent(commentId)}`), { method: "PUT", json: { hidden } });

/** DELETE …/comments/{commentId} (204): the comment and its replies. 404 `comment-not-found`. */
export const deleteComment = (api: ApiClient, scope: AnswersScope, commentId: string) =>
  api<void>(scopePath(scope, `comments/${encodeURIComponent(commentId)}`), { method: "DELETE" });
