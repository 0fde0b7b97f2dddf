import type { ContactBody, ContactSent } from "@latent/domain/contact";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/**
 * POST /contact (contact service, outside /api): 201 `{id}`; 429 `rate-limited-email` within a minute of the
 * sender's last message; 502 `email-not-sent`; 400 `bad-request` with `fields`.
 */
export const sendContactMessage = (api: ApiClient, body: ContactBody) => api<ContactSent>("/contact", { method: "POST", json: body });

export function useSendContactMessage() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: ContactBody) => sendContactMessage(api, body) });
}
