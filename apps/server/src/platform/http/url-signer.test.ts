import { describe, expect, it } from "vitest";
import { createLinkGrants } from "./link-grants.ts";
import { createUrlSigner } from "./url-signer.ts";

describe("signed media links", () => {
  const grants = createLinkGrants();
  const withdrawn = new Set<string>();
  grants.register("share", async (id) => !withdrawn.has(id));
  const signer = createUrlSigner("a-secret-of-enough-length-for-tests", grants);
  const now = Date.parse("2026-11-22T12:00:00Z");
  const query = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

  it("accepts its own link until it expires", async () => {
    const q = query(signer.sign("/media/a.webp", 60, now));
    expect(await signer.verify("/media/a.webp", q, now + 59_000)).toBe(true);
    expect(await signer.verify("/media/a.webp", q, now + 61_000)).toBe(false);
  });
  it("hands out one link a minute for a long-lived link without a grant, living its lifetime less at most a minute", async () => {
    const first = signer.sign("/media/a.webp", 900, now + 1_000);
    expect(signer.sign("/media/a.webp", 900, now + 30_000)).toBe(first);
    expect(signer.sign("/media/a.webp", 900, now + 61_000)).not.toBe(first);
    const q = query(first);
    expect(await signer.verify("/media/a.webp", q, now + 1_000 + 840_000)).toBe(true);
    expect(await signer.verify("/media/a.webp", q, now + 1_000 + 900_000)).toBe(false);
  });
  it("refuses the signature on another path, or with a changed expiry", async () => {
    const q = query(signer.sign("/media/a.webp", 60, now));
    expect(await signer.verify("/media/b.webp", q, now)).toBe(false);
    expect(await signer.verify("/media/a.webp", { ...q, expires: String(Number(q.expires) + 3600) }, now)).toBe(false);
  });
  it("stops a link handed out under a grant as soon as the grant is withdrawn", async () => {
    const q = query(signer.sign("/media/a.webp", { ttlS: 600, grant: "share-1" }, now));
    expect(q.grant).toBe("share-1");
    expect(await signer.verify("/media/a.webp", q, now)).toBe(true);
    withdrawn.add("1");
    expect(await signer.verify("/media/a.webp", q, now)).toBe(false);
  });
  it("refuses a grant added to, changed in or removed from a signed link, and a grant of an unknown kind", async () => {
    const plain = query(signer.sign("/media/a.webp", 60, now));
    expect(await signer.verify("/media/a.webp", { ...plain, grant: "share-2" }, now)).toBe(false);
    const granted = query(signer.sign("/media/a.webp", { ttlS: 60, grant: "share-2" }, now));
    expect(await signer.verify("/media/a.webp", { ...granted, grant: "share-3" }, now)).toBe(false);
    const { grant: _grant, ...stripped } = granted;
    expect(await signer.verify("/media/a.webp", stripped, now)).toBe(false);
    const unknown = query(signer.sign("/media/a.webp", { ttlS: 60, grant: "order-2" }, now));
    expect(await signer.verify("/media/a.webp", unknown, now)).toBe(false);
  });
});
