import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Unsubscribe links must work at any time, from every mail ever sent, so they cannot be one-time tokens:
 * the token is the subscription id with an HMAC under the server's secret. Nothing is stored; nobody can forge one.
 * (Rotating SECRET_KEY invalidates the links of earlier mails.)
 */
export function createUnsubscribeTokens(secret: string) {
  const mac = (id: string) => createHmac("sha256", secret).update(`newsletter-unsubscribe\n${id}`).digest("base64url");
  return {
    issue: (subscriptionId: string) => `${subscriptionId}.${mac(subscriptionId)}`,
    /** The subscription id the token was issued for, or null. */
    verify(token: string): string | null {
      const dot = token.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(token.slice(dot + 1));
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
