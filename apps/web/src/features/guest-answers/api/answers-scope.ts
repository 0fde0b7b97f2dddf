import { filmKeys } from "../../../shared/query/film-keys.ts";

/** Whose answers the owner's side reads: a roll's (its owner) or an order's (its lab). */
export type AnswersScope = { kind: "film"; id: string } | { kind: "order"; id: string };

/** The scope's resource: `/api/film/{id}` or `/api/orders/{id}`. */
export const scopePath = (scope: AnswersScope, rest: string) =>
  `/api/${scope.kind === "film" ? "film" : "orders"}/${encodeURIComponent(scope.id)}/${rest}`;

/**
 * Under the roll's or the order's own keys, so what refreshes them (the lab's feed refreshes every order query)
 * refreshes the answers too.
 */
export const ownerAnswersKey = (scope: AnswersScope) =>
  scope.kind === "film" ? ([...filmKeys.all, "answers", scope.id] as const) : (["orders", "answers", scope.id] as const);
