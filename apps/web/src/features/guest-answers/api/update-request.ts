import type { OrderRequest } from "@latent/domain/guest-answers";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { scopePath } from "./answers-scope.ts";

/** PUT orders/{id}/requests/{requestId} {done}: the lab marks a guest's rescan or print request done, or open again. */
export const updateRequest = (api: ApiClient, orderId: string, requestId: string, done: boolean) =>
  api<OrderRequest>(scopePath({ kind: "order", id: orderId }, `requests/${encodeURIComponent(requestId)}`), {
    method: "PUT",
    json: { done },
  });
