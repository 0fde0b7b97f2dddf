import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import type { WooCommerceAuth } from "./integration-types.ts";

/** POST integrations/woocommerce/auth?store_id=: where the store's owner grants access to Latent. */
export const connectWooCommerce = (api: ApiClient, storeUrl: string) =>
  api<WooCommerceAuth>(`/api/integrations/woocommerce/auth?store_id=${encodeURIComponent(storeUrl)}`, { method: "POST" });

export function useConnectWooCommerce() {
  const api = useApiClient();
  return useMutation({ mutationFn: (storeUrl: string) => connectWooCommerce(api, storeUrl) });
}
