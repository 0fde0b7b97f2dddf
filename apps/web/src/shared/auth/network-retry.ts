import { ErrorTimeout } from "oidc-client-ts";

/** Token requests are tried up to 3 times when the network fails (spec §7). */
export const TOKEN_REQUEST_ATTEMPTS = 3;

/**
 * A failure of the network, not an answer of the provider: `fetch` rejects with a TypeError, and oidc-client-ts turns
 * its own request timeout into an ErrorTimeout. An error response (bad code, revoked refresh token) is an answer and
 * is never retried.
 */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof ErrorTimeout && /network/i.test(err.message));
}

/** Wraps `request` so a network failure tries it again, up to `attempts` tries in all. */
export function withNetworkRetry<A extends unknown[], R>(
  request: (...args: A) => Promise<R>,
  attempts = TOKEN_REQUEST_ATTEMPTS,
): (...args: A) => Promise<R> {
  return async (...args) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(...args);
      } catch (err) {
        if (attempt >= attempts || !isNetworkFailure(err)) throw err;
      }
    }
  };
}
