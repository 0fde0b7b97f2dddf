import type { PurchaseConfirmation } from "@latent/domain/purchases";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type ApiClient, createApiClient, NO_TOKENS } from "../../../shared/api/api-client.ts";
import { POLL_ATTEMPTS, POLL_INTERVAL_MS } from "../checkout-return.ts";

/** GET /purchases/confirm/{sessionId}?email= (public, no token): whether the checkout made with `email` is paid. */
export const getPurchaseConfirmation = (api: ApiClient, sessionId: string, email: string) =>
  api<PurchaseConfirmation>(`/api/purchases/confirm/${encodeURIComponent(sessionId)}?email=${encodeURIComponent(email)}`);

export const purchaseConfirmationQueryOptions = (api: ApiClient, sessionId: string, email: string) =>
  queryOptions({
    queryKey: ["purchases", "confirm", sessionId, email],
    queryFn: () => getPurchaseConfirmation(api, sessionId, email),
    retry: false,
    // A checkout still open may be paid in a moment: asked again 3 s apart, 10 times at most (spec §7).
    refetchInterval: (query) =>
      query.state.data?.status === "open" && query.state.dataUpdateCount < POLL_ATTEMPTS ? POLL_INTERVAL_MS : false,
  });

/** The public purchase page's answer; anyone holding the session id and its email may ask. */
export function usePurchaseConfirmation(sessionId: string, email: string) {
  const api = useMemo(() => createApiClient(NO_TOKENS), []);
  return useQuery({ ...purchaseConfirmationQueryOptions(api, sessionId, email), enabled: sessionId !== "" && email !== "" });
}
