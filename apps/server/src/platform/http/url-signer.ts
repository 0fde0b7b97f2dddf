import { createHmac, timingSafeEqual } from "node:crypto";

/** Short-lived links to one object: the path and expiry are signed, so no bearer token travels in a URL. */
export function createUrlSigner(secret: string) {
  const signature = (path: string, expires: number) => createHmac("sha256", secret).update(`${path}\n${expires}`).digest("base64url");
  return {
    sign(path: string, ttlSeconds: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return `${path}?expires=${expires}&signature=${signature(path, expires)}`;
    },
    verify(path: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
      const exp = Number(expires);
      if (!Number.isInteger(exp) || exp * 1000 < now || typeof sig !== "string") return false;
      const expected = Buffer.from(signature(path, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
