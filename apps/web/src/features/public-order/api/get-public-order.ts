import type { PublicOrder } from "@latent/domain/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { needsPassword, ShareLinkError, shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** Shot links last 15 minutes at most (less when the link ends sooner): fetch well before. */
const LINK_REFRESH_MS = 5 * 60_000;

export const publicOrderKeys = {
  order: (code: string) => ["public-order", code] as const,
};

/** GET public/order with the order link's code: the lab, the customer's name and the rolls with their shots. */
export const getPublicOrder = (code: string) => shareLinkClient(code)<PublicOrder>("/api/public/order");

export const publicOrderQueryOptions = (code: string) =>
  queryOptions({
    queryKey: publicOrderKeys.order(code),
    queryFn: () => getPublicOrder(code),
    refetchInterval: LINK_REFRESH_MS,
    // A refused code (wrong or expired) stays refused.
    retry: (failures, error) => !(error instanceof ShareLinkError || needsPassword(error)) && failures < 2,
  });

export function usePublicOrder(code: string) {
  return useQuery({ ...publicOrderQueryOptions(code), enabled: code !== "" });
}
