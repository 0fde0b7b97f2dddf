import type { PortalSession } from "@latent/domain/purchases";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** POST purchases/portal: the payment provider's customer portal (card, invoices, cancellation). */
export const openPortal = (api: ApiClient) => api<PortalSession>("/api/purchases/portal", { method: "POST" });

export function useOpenPortal() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => openPortal(api) });
}
