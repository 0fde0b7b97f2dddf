import type { Currency } from "@latent/domain/plans";
import type { PlanOffer } from "@latent/domain/purchases";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET purchases/subscriptions: the plans on offer in `currency`, sorted by price, with the caller's first-invoice discount. */
export const listPlanOffers = (api: ApiClient, currency: Currency) =>
  api<PlanOffer[]>(`/api/purchases/subscriptions?currency=${encodeURIComponent(currency)}`);

export const planOffersQueryOptions = (api: ApiClient, currency: Currency) =>
  queryOptions({ queryKey: ["purchases", "subscriptions", currency], queryFn: () => listPlanOffers(api, currency) });

export function usePlanOffers(currency: Currency) {
  return useQuery(planOffersQueryOptions(useApiClient(), currency));
}
