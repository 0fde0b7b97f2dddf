import type { NewsletterAccepted, NewsletterBody } from "@latent/domain/contact";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/**
 * POST /newsletter (contact service, outside /api): 202 whatever the address's state (double opt-in: a mail asks
 * to confirm); 429 `rate-limited-email`; 502 `email-not-sent`; 400 `bad-request` with `fields`.
 */
export const subscribeNewsletter = (api: ApiClient, body: NewsletterBody) =>
  api<NewsletterAccepted>("/newsletter", { method: "POST", json: body });

export function useSubscribeNewsletter() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: NewsletterBody) => subscribeNewsletter(api, body) });
}
