import type { Shipment, ShipmentBody } from "@latent/domain/shop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { shipmentQueryKey } from "./get-shipment.ts";
import { SHIPMENTS_QUERY_KEY } from "./list-shipments.ts";

/**
 * POST shipping/: a shipment of the bag's packs to the profile's shipping address, with the rates on offer.
 * 400 `no-shipping-address` when the profile has none; 409 `out-of-stock`.
 */
export const createShipment = (api: ApiClient, body: ShipmentBody) => api<Shipment>("/api/shipping", { method: "POST", json: body });

export function useCreateShipment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentBody) => createShipment(api, body),
    onSuccess: (shipment) => {
      queryClient.setQueryData(shipmentQueryKey(shipment.id), shipment);
      void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_QUERY_KEY, "list"] });
    },
  });
}
