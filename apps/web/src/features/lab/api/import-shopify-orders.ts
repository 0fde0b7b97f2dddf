import type { ImportResult } from "@latent/domain/integrations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys } from "../../orders/api/order-keys.ts";
import { labKeys } from "./lab-keys.ts";

/** GET integrations/shopify/import/orders?num_of_orders=: imports the shop's latest orders; those already here are skipped. */
export const importShopifyOrders = (api: ApiClient, count: number) =>
  // Reading a store's orders can take longer than an ordinary call.
  api<ImportResult>(`/api/integrations/shopify/import/orders?num_of_orders=${count}`, { timeoutMs: 60_000 });

export function useImportShopifyOrders() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => importShopifyOrders(api, count),
    // New orders change the lists and the lab's counts.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: labKeys.labs })]),
  });
}
