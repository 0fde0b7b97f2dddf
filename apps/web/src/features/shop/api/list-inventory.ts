import type { Currency } from "@latent/domain/purchases";
import type { InventoryItem } from "@latent/domain/shop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET purchases/inventory: the sticker packs on sale in `currency`, with how many of each can still be bought. */
export const listInventory = (api: ApiClient, currency: Currency) =>
  api<InventoryItem[]>(`/api/purchases/inventory?currency=${encodeURIComponent(currency)}`);

export const inventoryQueryOptions = (api: ApiClient, currency: Currency) =>
  queryOptions({ queryKey: ["purchases", "inventory", currency], queryFn: () => listInventory(api, currency) });

export function useInventory(currency: Currency) {
  return useQuery(inventoryQueryOptions(useApiClient(), currency));
}
