import type { WooAuth } from "@latent/domain/integrations";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** POST integrations/woocommerce/auth?store_id=: where the store's owner grants access to Latent. */
export const connectWooCommerce = (api: ApiClient, storeUrl: string) =>
  api<WooAuth>(`/api/integrations/woocommerce/auth?store_id=${encodeURIComponent(storeUrl)}`, { method: "POST" });

export function useConnectWooCommerce() {
  const api = useApiClient();
  return useMutation({ mutationFn: (storeUrl: string) => connectWooCommerce(api, storeUrl) });
}
