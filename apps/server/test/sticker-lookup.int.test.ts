import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STICKER_LOOKUPS_PER_MINUTE } from "../src/features/stickers/stickers.routes.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

// Fresh addresses per run: limits held in Redis would outlive a run by up to a minute.
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(DATABASES)("the public sticker lookup on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Behind a proxy each request names its client, so one test can play several addresses.
    s = await startServer(kind, { TRUST_PROXY: "true" });
  });
  afterAll(() => s?.close());

  const lookup = (address: string, ref = "0123456789ABCDEFGHJKMN") =>
    s.api(`/api/stickers/${ref}`, { headers: { "x-forwarded-for": address } });

  it("answers a minute's worth of lookups from one address, then refuses the next with a clear 429", async () => {
    const prober = newAddress();
    for (let i = 0; i < STICKER_LOOKUPS_PER_MINUTE; i++) {
      const res = await lookup(prober);
      expect(res.status, `lookup ${i + 1}`).toBe(200);
    }
    const refused = await lookup(prober);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "too-many-sticker-lookups",
      message: "Too many sticker lookups from your network: wait a minute and try again",
    });
    // Another client (a photographer scanning their own roll) is not held back by the prober.
    const owner = await lookup(newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ exists: false, linked: false });
  });
});
