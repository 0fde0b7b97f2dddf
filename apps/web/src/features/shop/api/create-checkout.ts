import type { CheckoutBody, CheckoutSession } from "@latent/domain/purchases";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** A plan's checkout (mode subscription), or a shipment's (mode payment, with its `shipment_id` and chosen `rate`). */
export type CreateCheckoutBody = Pick<CheckoutBody, "mode" | "items" | "return_path" | "currency" | "shipment_id" | "rate">;

/** POST purchases/checkout: a checkout session and the address of its payment page. */
export const createCheckout = (api: ApiClient, body: CreateCheckoutBody) =>
  api<CheckoutSession>("/api/purchases/checkout", { method: "POST", json: body });

export function useCreateCheckout() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: CreateCheckoutBody) => createCheckout(api, body) });
}
