import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "./harness.ts";

describe("embedded mode across a restart", () => {
  let dataDir: string;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("keeps accounts, signing keys, profiles and gear in ./data", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "latent-restart-"));
    const first = await startServer("pglite", {}, { dataDir, keepData: true });
    const token = await first.token({ email: "kept@example.com" });
    await first.api("/api/user", { method: "PUT", token, body: { name: "Still here" } });
    await first.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Leica", model: "M6" } } });
    await first.close();

    const second = await startServer("pglite", {}, { dataDir, keepData: true });
    try {
      // The same token still verifies: the provider's keys were kept, not regenerated.
      const me = await second.api("/api/user", { token });
      expect(me.status).toBe(200);
      expect(me.body.name).toBe("Still here");
      expect((await second.api("/api/cameras", { token })).body.map((c: { name: string }) => c.name)).toEqual(["Leica M6"]);
    } finally {
      await second.close();
    }
  });
});
