import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type Latent } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { cookieBrowser } from "./cookie-browser.ts";

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  [key: string]: unknown;
}
const WARN = 40;
const INFO = 30;

// What the log shows does not depend on the database: PGlite only.
describe("the server's log", () => {
  let latent: Latent;
  let base: string;
  let dataDir: string;
  const raw: string[] = [];
  const lines = () => raw.map((l) => JSON.parse(l) as LogLine);
  const ofRequest = (id: string) => lines().filter((l) => l.reqId === id);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "latent-log-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIST: join(dataDir, "no-web") });
    latent = await buildApp(config, { logStream: { write: (line) => void raw.push(line) } });
    base = (await latent.app.listen({ port: 0, host: "127.0.0.1" })).replace("[::1]", "127.0.0.1");
  });
  afterAll(async () => {
    await latent?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Waits for the response line of a request (written once its answer has gone out). */
  const answered = async (id: string) => {
    await expect.poll(() => ofRequest(id).some((l) => l.status !== undefined)).toBe(true);
    return ofRequest(id);
  };

  it("writes one line per request, with its id, method, path, status and time, and never its query string", async () => {
    const res = await fetch(`${base}/healthz?code=SHARE-CODE-SECRET&signature=SIG-SECRET`);
    const id = res.headers.get("x-request-id")!;
    expect(id).toBeTruthy();
    const own = await answered(id);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ level: INFO, method: "GET", url: "/healthz", status: res.status });
    expect(typeof own[0]!.ms).toBe("number");
    expect(own[0]!.msg).toBe(`GET /healthz ${res.status} ${own[0]!.ms} ms`);
    // Fastify's own "incoming request" / "request completed" pair is off.
    expect(lines().some((l) => /incoming request|request completed/.test(l.msg))).toBe(false);
    expect(raw.join("\n")).not.toMatch(/SHARE-CODE-SECRET|SIG-SECRET/);
  });

  it("keeps a proxy's request id, answers it in the error body and logs a forged token at warn under it", async () => {
    const forged = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from('{"sub":"x"}').toString("base64url")}.`;
    const res = await fetch(`${base}/api/film?search=PRIVATE-QUERY`, {
      headers: { authorization: `Bearer ${forged}`, "x-request-id": "proxy-id-42" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBe("proxy-id-42");
    expect(await res.json()).toEqual({ error: "unauthorized", message: "Invalid session", requestId: "proxy-id-42" });
    const own = await answered("proxy-id-42");
    const warning = own.find((l) => l.level === WARN);
    expect(warning?.msg).toMatch(/^refused: token refused/);
    expect(own.filter((l) => l.status === 401)).toHaveLength(1);
    expect(raw.join("\n")).not.toContain(forged);
    expect(raw.join("\n")).not.toContain("PRIVATE-QUERY");
  });

  it("logs a plan limit at warn with the request id, and an ordinary refusal only as its request line", async () => {
    const token = await latent.identity.mint!({ sub: randomUUID(), email: `${randomUUID()}@example.com`, role: "user" });
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (await post("/api/cameras", { metadata: { brand: "Nikon", model: "FM2", type: "slr", format: "135", frame_size: "24x36" } })).status,
    ).toBe(201);
    const refused = await post("/api/lenses", {
      metadata: { brand: "Leica", model: "Summicron 50", min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 },
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { requestId: string };
    expect(body).toMatchObject({ error: "gear-limit-reached", requestId: refused.headers.get("x-request-id") });
    const own = await answered(body.requestId);
    expect(own.filter((l) => l.level === WARN)).toEqual([
      expect.objectContaining({ code: "gear-limit-reached", msg: "refused: Maximum gear limit reached" }),
    ]);

    const missing = await fetch(`${base}/api/film/${randomUUID()}`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
    expect((await answered(missing.headers.get("x-request-id")!)).map((l) => l.level)).toEqual([INFO]);
  });
  it("never logs the token of a reset, verification or email-change link, wherever a line shows the URL", async () => {
    const printed: string[] = [];
    const spies = [process.stdout, process.stderr].map((out) => {
      const write = out.write.bind(out);
      out.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        printed.push(String(chunk));
        return write(chunk, ...rest);
      }) as typeof out.write;
      return () => Object.assign(out, { write });
    });
    try {
      const id = randomUUID();
      const email = `${id}@example.com`;
      const password = "correct horse battery";
      await latent.identity.accounts!.create({ id, email, password, role: "user", locale: null, emailVerified: false });
      const token = await latent.identity.mint!({ sub: id, email, role: "user", emailVerified: false });
      const api = (path: string, body?: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      /** The mailed link's path and query, to follow as the person would. */
      const mailed = async (to: string, kind: string) => {
        let link = "";
        await expect
          .poll(async () => {
            const rows = await latent.db.selectFrom("outbox").select("text").where("to", "=", to).execute();
            link =
              rows.map((r) => new RegExp(`https?://\\S+(/auth/${kind}/[\\w-]+(\\?lang=[\\w-]+)?)`).exec(r.text)?.[1]).find(Boolean) ?? "";
            return link;
          })
          .toBeTruthy();
        return link;
      };
      const browser = cookieBrowser(base);

      expect((await api("/api/account/verification")).status).toBe(202);
      const verify = await mailed(email, "verify");
      expect((await browser.request(verify)).status).toBe(200);
      // Twice: a used link is refused (a refusal is logged too).
      expect((await browser.request(verify)).status).toBe(400);

      const newEmail = `${randomUUID()}@example.com`;
      expect((await api("/api/account/email", { new_email: newEmail, password })).status).toBe(202);
      const change = await mailed(newEmail, "email");
      expect((await browser.request(change)).status).toBe(200);

      expect((await browser.form("/auth/forgot", { email: newEmail })).status).toBe(200);
      const reset = await mailed(newEmail, "reset");
      expect((await browser.request(reset)).status).toBe(200);
      const done = await browser.form(reset, { password: "a brand new passphrase" });
      expect(done.status).toBe(200);
      await answered(done.headers.get("x-request-id")!);

      const secrets = [verify, reset, change].map((link) => link.split("?")[0]!.split("/").at(-1)!);
      for (const secret of secrets) expect(secret.length).toBeGreaterThan(20);
      const everything = [...raw, ...printed].join("\n");
      for (const secret of secrets) expect(everything).not.toContain(secret);
      // Each line still says which page was asked for.
      expect(
        lines()
          .filter((l) => l.url === "/auth/verify/:token")
          .map((l) => l.status),
      ).toEqual([200, 400]);
      expect(
        lines()
          .filter((l) => l.url === "/auth/reset/:token")
          .map((l) => l.status),
      ).toEqual([200, 200]);
      expect(
        lines()
          .filter((l) => l.url === "/auth/email/:token")
          .map((l) => l.status),
      ).toEqual([200]);
    } finally {
      for (const restore of spies) restore();
    }
  });

  it("hides token-shaped segments and query values of paths no route describes, and in any error's text", async () => {
    const secret = "Zx81TQm0pL2vYk5HsR7cNw";
    const res = await fetch(`${base}/api/no/such/${secret}?share=${secret}x`);
    expect(res.status).toBe(404);
    const own = await answered(res.headers.get("x-request-id")!);
    expect(own[0]).toMatchObject({ url: "/api/no/such/[redacted]", status: 404 });
    latent.app.log.error({ err: new Error(`fetch of https://example.com/auth/reset/${secret}?token=${secret} failed`) }, "boom");
    expect(raw.join("\n")).not.toContain(secret);
    expect(raw.at(-1)).toContain("https://example.com/auth/reset/[redacted]?token=[redacted] failed");
  });
});
