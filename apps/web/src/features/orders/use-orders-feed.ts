import { ownerFeedId } from "@latent/domain/films";
import { useCallback } from "react";
import { useApiClient } from "../../shared/api/api-client-context.tsx";
import { filmKeys } from "../films/api/film-keys.ts";
import { useDelayedRefresh } from "../films/public/use-delayed-refresh.ts";
import { type FilmFeedEvent, useFilmFeed } from "../films/public/use-film-feed.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { createOrdersFeedTicket } from "./api/create-orders-feed-ticket.ts";
import { orderKeys } from "./api/order-keys.ts";

/** Events come in bursts (three per scan uploaded): the orders are fetched once per burst, as a roll page does. */
const REFRESH_BURST_MS = 400;

/**
 * Keeps the lab's order list and open order current while the screen is shown: the lab's own feed says when its
 * order rolls' scans arrive, are processed or fail, and when an order changes (sent, collected by the customer). A
 * (re)connection fetches once more, for whatever happened while the feed was down.
 */
export function useOrdersFeed() {
  const api = useApiClient();
  // A lab's feed is named by its account's id, which is the lab's id.
  const user = useCurrentUser();
  const refresh = useDelayedRefresh(orderKeys.all);
  // The open order's rolls' timelines: a step taken elsewhere (the companion at the counter, Latent on the last scan).
  const refreshRolls = useDelayedRefresh(filmKeys.all);
  const onEvent = useCallback(
    // Every message (the order changes too, which the roll page's feed never carries) says something moved.
    (_event: FilmFeedEvent) => {
      refresh(REFRESH_BURST_MS);
      refreshRolls(REFRESH_BURST_MS);
    },
    [refresh, refreshRolls],
  );
  return useFilmFeed(ownerFeedId(user.user_id), () => createOrdersFeedTicket(api), onEvent);
}
