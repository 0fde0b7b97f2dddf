import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "./api-client.ts";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("a chunk PUT from a file's range", () => {
  let server: Server;
  let base: string;
  let dir: string;
  const received: Buffer[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "latent-cli-range-"));
    server = createServer((req, res) => {
      const parts: Buffer[] = [];
      // A slow reader: the client's buffers are read into again only once the socket has taken them.
      req.on("data", (c: Buffer) => {
        parts.push(Buffer.from(c));
        req.pause();
        setTimeout(() => req.resume(), 0);
      });
      req.on("end", () => {
        received.push(Buffer.concat(parts));
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sends exactly the range's bytes, across many reads of the two reused buffers, and counts each as it leaves", async () => {
    const bytes = randomBytes(11 * 1024 * 1024 + 12_345);
    const file = join(dir, "scan.jpg");
    await writeFile(file, bytes);
    const api = createApi({ server: base, key: "latk_test" });
    try {
      for (const [start, length] of [
        [0, bytes.length],
        [3 * 1024 * 1024 + 7, 5 * 1024 * 1024 + 1],
        [bytes.length - 10, 10],
      ] as const) {
        let counted = 0;
        await api.putFileRange("/chunk", file, start, length, (n) => {
          counted += n;
        });
        const got = received.at(-1)!;
        expect(got.length).toBe(length);
        expect(sha(got)).toBe(sha(bytes.subarray(start, start + length)));
        expect(counted).toBe(length);
      }
    } finally {
      api.close();
    }
  });

  it("fails the request when the file is shorter than its range (it shrank since the upload began)", async () => {
    const file = join(dir, "short.jpg");
    await writeFile(file, randomBytes(1000));
    const api = createApi({ server: base, key: "latk_test" });
    try {
      await expect(api.putFileRange("/chunk", file, 0, 5000, () => undefined)).rejects.toMatchObject({ status: 0 });
    } finally {
      api.close();
    }
  });
});
