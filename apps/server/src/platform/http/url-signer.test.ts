import { describe, expect, it } from "vitest";
import { createUrlSigner } from "./url-signer.ts";

describe("signed media links", () => {
  const signer = createUrlSigner("a-secret-of-enough-length-for-tests");
  const now = Date.parse("2026-11-22T12:00:00Z");
  const params = (url: string) => new URL(url, "http://x").searchParams;

  it("accepts its own link until it expires", () => {
    const q = params(signer.sign("/media/a.webp", 60, now));
    expect(signer.verify("/media/a.webp", q.get("expires"), q.get("signature"), now + 59_000)).toBe(true);
    expect(signer.verify("/media/a.webp", q.get("expires"), q.get("signature"), now + 61_000)).toBe(false);
  });
  it("refuses the signature on another path, or with a changed expiry", () => {
    const q = params(signer.sign("/media/a.webp", 60, now));
    expect(signer.verify("/media/b.webp", q.get("expires"), q.get("signature"), now)).toBe(false);
    expect(signer.verify("/media/a.webp", String(Number(q.get("expires")) + 3600), q.get("signature"), now)).toBe(false);
  });
});
