import type { GuestAnswers } from "@latent/domain/guest-answers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api/api-error.ts";
import { ShareLinkError, shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { type LinkKind, publicPath } from "./link-kind.ts";

export const guestAnswersKey = (kind: LinkKind, code: string) => ["guest-answers", kind, code] as const;

/** GET public/film/answers or public/order/answers: this guest's favourites and requests, and every visible comment. */
export const getGuestAnswers = (kind: LinkKind, code: string) => shareLinkClient(code)<GuestAnswers>(publicPath(kind, "answers"));

/** Others' comments arrive through the roll's feed; an order's page has none, so it looks again now and then. */
const ORDER_ANSWERS_REFRESH_MS = 60_000;

export const guestAnswersQueryOptions = (kind: LinkKind, code: string) =>
  queryOptions({
    queryKey: guestAnswersKey(kind, code),
    queryFn: () => getGuestAnswers(kind, code),
    refetchInterval: kind === "order" ? ORDER_ANSWERS_REFRESH_MS : false,
    // A refusal (answers off, the link gone) stays a refusal.
    retry: (failures, error) => !(error instanceof ShareLinkError || (error instanceof ApiError && error.status < 500)) && failures < 2,
  });

export function useGuestAnswers(kind: LinkKind, code: string, enabled: boolean) {
  return useQuery({ ...guestAnswersQueryOptions(kind, code), enabled });
}
