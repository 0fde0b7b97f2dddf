import type { Shipment, ShipmentBody } from "@latent/domain/shop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { shipmentQueryKey } from "./get-shipment.ts";
import { SHIPMENTS_QUERY_KEY } from "./list-shipments.ts";

/**
 * PUT shipping/{id}: new packs for an unpaid shipment; the address is read again from the profile and the rates
 * asked again. A checkout started for it is closed first. 409 `shipment-not-editable` once paid, 409
 * `shipment-checkout-open` while the provider is taking its payment.
 */
export const updateShipment = (api: ApiClient, id: string, body: ShipmentBody) =>
  api<Shipment>(`/api/shipping/${encodeURIComponent(id)}`, { method: "PUT", json: body });

export function useUpdateShipment(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentBody) => updateShipment(api, id, body),
    onSuccess: (shipment) => {
      queryClient.setQueryData(shipmentQueryKey(shipment.id), shipment);
      void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_QUERY_KEY, "list"] });
    },
    // Refused because it was paid, or is being paid: the shipment shown is out of date (soon paid, or already).
    onError: (error) => {
      if (error instanceof ApiError && (error.code === "shipment-checkout-open" || error.code === "shipment-not-editable"))
        void queryClient.invalidateQueries({ queryKey: shipmentQueryKey(id) });
    },
  });
}
