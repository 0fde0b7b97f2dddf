import type { MySubscription } from "@latent/domain/purchases";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";

/**
 * POST purchases/my-subscriptions/{sessionId}: asks the server to look at a checkout just finished. Only the
 * provider's webhook changes a plan, so this is a nudge; a 422 (session not payable yet) is ignored (spec §8).
 */
export async function confirmSubscription(api: ApiClient, sessionId: string): Promise<MySubscription | null> {
  try {
    return await api<MySubscription>(`/api/purchases/my-subscriptions/${encodeURIComponent(sessionId)}`, { method: "POST" });
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return null;
    throw err;
  }
}

export function useConfirmSubscription() {
  const api = useApiClient();
  return useMutation({ mutationFn: (sessionId: string) => confirmSubscription(api, sessionId) });
}
