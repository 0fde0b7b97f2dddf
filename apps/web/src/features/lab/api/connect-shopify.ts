import type { ShopifyInstall } from "@latent/domain/integrations";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET integrations/shopify?shop_url=: where Shopify asks the shop's owner to install the app; 400 `shop-url-invalid`. */
export const connectShopify = (api: ApiClient, shopUrl: string) =>
  api<ShopifyInstall>(`/api/integrations/shopify?shop_url=${encodeURIComponent(shopUrl)}`);

export function useConnectShopify() {
  const api = useApiClient();
  return useMutation({ mutationFn: (shopUrl: string) => connectShopify(api, shopUrl) });
}
