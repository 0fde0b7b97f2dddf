import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LAB_KEY_PATTERN, LAB_KEY_REQUESTS_PER_MINUTE, LAB_KEYS_MAX } from "@latent/domain/lab-api-keys";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { jpeg, roll, sha, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Issue 30: a lab's API keys. Made, listed and revoked by the signed-in lab; a key is the lab's account with only its
 * scopes, for the lab's own order and upload routes; revoked, unknown or malformed it is 401 at once; each key is rate
 * limited; an account's keys go with it.
 */

const ALL = ["orders:read", "orders:write", "upload"];
const customer = () => ({ reference: "#901", user_name: "Ana García", user_email: `${randomUUID()}@example.com` });

async function lab(s: TestServer) {
  const sub = randomUUID();
  const email = `lab-${sub}@example.com`;
  return { sub, email, token: await s.token({ sub, email, role: "lab" }) };
}

async function makeKey(s: TestServer, token: string, scopes = ALL, name = "Noritsu PC") {
  const res = await s.api("/api/lab/api-keys", { method: "POST", token, body: { name, scopes } });
  expect(res.status).toBe(201);
  return res.body as { id: string; token: string; name: string; scopes: string[]; last_used_at: string | null };
}

describe.each(DATABASES)("a lab's API keys on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("shows a new key's token once: the list never holds it, and the database keeps only its hash", async () => {
    const { sub, token } = await lab(s);
    expect((await s.api("/api/lab/api-keys", { token })).body).toEqual([]);
    const key = await makeKey(s, token, ["orders:read", "upload"], "  Frontier scanner  ");
    expect(key.token).toMatch(LAB_KEY_PATTERN);
    expect(key).toMatchObject({ name: "Frontier scanner", scopes: ["orders:read", "upload"], last_used_at: null });
    expect(key.token.slice(5, 21)).toBe(key.id);

    const listed = await s.api("/api/lab/api-keys", { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: key.id, name: "Frontier scanner", scopes: ["orders:read", "upload"], created_at: expect.any(String), last_used_at: null },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key.token.slice(22));

    const rows = await s.latent.db.selectFrom("lab_api_keys").selectAll().where("lab_id", "=", sub).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key.token.slice(22));
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sha(Buffer.from(key.token))).toBe(rows[0]!.token_hash);
  });

  it("acts as the lab with every key scope: its orders, a new order and roll, an upload into it, and the last use noted", async () => {
    const { token } = await lab(s);
    const existing = (await s.api("/api/orders", { method: "POST", token, body: customer() })).body;
    const key = await makeKey(s, token);

    const listed = await s.api("/api/orders", { token: key.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: { id: string }) => o.id)).toEqual([existing.id]);

    const order = await s.api("/api/orders", { method: "POST", token: key.token, body: customer() });
    expect(order.status).toBe(201);
    const film = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: key.token, body: roll });
    expect(film.status).toBe(201);
    const bytes = await jpeg(320, 240);
    await upload(s, key.token, film.body.id, 1, bytes);
    const done = await waitForShots(s, key.token, film.body.id, 1);
    expect(done.shots[0].state).toBe("done");
    // The lab's own session sees what the key made.
    expect((await s.api(`/api/orders/${order.body.id}`, { token })).body.films).toHaveLength(1);

    const [shown] = (await s.api("/api/lab/api-keys", { token })).body;
    expect(shown.last_used_at).not.toBeNull();
  });

  it("lets a key do only what its scopes grant, and never reach the account, profile or keys", async () => {
    const { token } = await lab(s);
    const order = (await s.api("/api/orders", { method: "POST", token, body: customer() })).body;
    const reader = await makeKey(s, token, ["orders:read"]);
    expect((await s.api("/api/orders", { token: reader.token })).status).toBe(200);
    const write = await s.api("/api/orders", { method: "POST", token: reader.token, body: customer() });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: "forbidden", message: "Missing scope: write:order" });
    const film = (await s.api(`/api/orders/${order.id}/films`, { method: "POST", token, body: roll })).body;
    const startUpload = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token: reader.token,
      body: { content_type: "image/jpeg", content_length: 1000, file_name: "a.jpg" },
    });
    expect(startUpload.status).toBe(403);

    const full = await makeKey(s, token);
    const refused = await Promise.all([
      s.api("/api/lab/api-keys", { token: full.token }),
      s.api("/api/lab/api-keys", { method: "POST", token: full.token, body: { name: "more", scopes: ALL } }),
      s.api(`/api/lab/api-keys/${reader.id}`, { method: "DELETE", token: full.token }),
      s.api("/api/user", { token: full.token }),
      s.api("/api/labs", { method: "PUT", token: full.token, body: { name: "Not mine to change" } }),
      s.api(`/api/orders/${order.id}`, { method: "DELETE", token: full.token }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused.every((r) => r.body.error === "forbidden")).toBe(true);
    expect((await s.api("/api/lab/api-keys", { token })).body).toHaveLength(2);
  });

  it("refuses a revoked key at once (even right after it was let in), and unknown or malformed keys, with 401", async () => {
    const { token } = await lab(s);
    const key = await makeKey(s, token);
    expect((await s.api("/api/orders", { token: key.token })).status).toBe(200);
    expect((await s.api("/api/orders", { token: key.token })).status).toBe(200);
    expect((await s.api(`/api/lab/api-keys/${key.id}`, { method: "DELETE", token })).status).toBe(204);
    const after = await s.api("/api/orders", { token: key.token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("unauthorized");
    expect((await s.api("/api/lab/api-keys", { token })).body).toEqual([]);
    expect((await s.api(`/api/lab/api-keys/${key.id}`, { method: "DELETE", token })).status).toBe(404);

    const other = await makeKey(s, token);
    const wrongSecret = `${other.token.slice(0, 22)}${"A".repeat(43)}`;
    const unknownId = `latk_${"a".repeat(16)}_${other.token.slice(22)}`;
    for (const bad of [wrongSecret, unknownId, "latk_short", `${other.token}x`]) {
      const res = await s.api("/api/orders", { token: bad });
      expect(res.status, bad).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    }
    expect((await s.api("/api/orders", { token: other.token })).status).toBe(200);
  });

  it("never lets one lab's key reach another lab's orders, rolls or keys", async () => {
    const a = await lab(s);
    const b = await lab(s);
    const orderOfA = (await s.api("/api/orders", { method: "POST", token: a.token, body: customer() })).body;
    const filmOfA = (await s.api(`/api/orders/${orderOfA.id}/films`, { method: "POST", token: a.token, body: roll })).body;
    const keyOfA = await makeKey(s, a.token);
    const keyOfB = await makeKey(s, b.token);

    expect((await s.api("/api/orders", { token: keyOfB.token })).body).toEqual([]);
    expect((await s.api(`/api/orders/${orderOfA.id}`, { token: keyOfB.token })).status).toBe(404);
    expect((await s.api(`/api/orders/${orderOfA.id}/films`, { method: "POST", token: keyOfB.token, body: roll })).status).toBe(404);
    expect((await s.api(`/api/film/${filmOfA.id}`, { token: keyOfB.token })).status).toBe(404);
    const upload = await s.api(`/api/film/shot/${filmOfA.id}/1/upload`, {
      method: "POST",
      token: keyOfB.token,
      body: { content_type: "image/jpeg", content_length: 1000, file_name: "a.jpg" },
    });
    expect(upload.status).toBe(404);
    // B's session cannot revoke A's key either.
    expect((await s.api(`/api/lab/api-keys/${keyOfA.id}`, { method: "DELETE", token: b.token })).status).toBe(404);
    expect((await s.api("/api/orders", { token: keyOfA.token })).status).toBe(200);
  });

  it("refuses a key name that is empty, too long or not printable, no scope, a photographer, and a 21st key", async () => {
    const { token } = await lab(s);
    const post = (body: unknown, t = token) => s.api("/api/lab/api-keys", { method: "POST", token: t, body });
    expect((await post({ name: "   ", scopes: ALL })).body.error).toBe("lab-key-name-required");
    expect((await post({ name: "x".repeat(61), scopes: ALL })).body.error).toBe("lab-key-name-too-long");
    expect((await post({ name: "tab\there", scopes: ALL })).body.error).toBe("lab-key-name-invalid");
    expect((await post({ name: "ok", scopes: [] })).body.error).toBe("lab-key-scopes-required");
    expect((await post({ name: "ok", scopes: ["delete:order"] })).status).toBe(400);
    const photographer = await s.token({ role: "user" });
    // A photographer's session carries no lab scope at all.
    expect((await post({ name: "ok", scopes: ALL }, photographer)).status).toBe(403);
    expect((await s.api("/api/lab/api-keys", { token: photographer })).status).toBe(403);

    const made = await Promise.all(Array.from({ length: LAB_KEYS_MAX + 3 }, (_, i) => post({ name: `Key ${i}`, scopes: ["upload"] })));
    expect(made.filter((r) => r.status === 201)).toHaveLength(LAB_KEYS_MAX);
    // The rest are refused with the limit's 409, every one of them: none is lost to a 500.
    expect(made.filter((r) => r.status !== 201).map((r) => [r.status, r.body.error])).toEqual(
      Array.from({ length: 3 }, () => [409, "lab-keys-limit"]),
    );
    expect((await s.api("/api/lab/api-keys", { token })).body).toHaveLength(LAB_KEYS_MAX);
    // A revoked key frees its place.
    const first = (await s.api("/api/lab/api-keys", { token })).body[0];
    await s.api(`/api/lab/api-keys/${first.id}`, { method: "DELETE", token });
    expect((await post({ name: "again", scopes: ALL })).status).toBe(201);
  });

  it(`answers 429 with Retry-After after ${LAB_KEY_REQUESTS_PER_MINUTE} requests of one key in a minute, and only to that key`, async () => {
    const { token } = await lab(s);
    const busy = await makeKey(s, token);
    const calm = await makeKey(s, token);
    let ok = 0;
    for (let sent = 0; sent < LAB_KEY_REQUESTS_PER_MINUTE; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => s.api("/api/config", { token: busy.token })));
      ok += batch.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(LAB_KEY_REQUESTS_PER_MINUTE);
    const refused = await s.api("/api/orders", { token: busy.token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("lab-key-rate-limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await s.api("/api/orders", { token: calm.token })).status).toBe(200);
    // The lab's own session is not held back by its key.
    expect((await s.api("/api/orders", { token })).status).toBe(200);
  });

  it("documents the key as a second security scheme on exactly the routes a key can call, and lints clean under Redocly", async () => {
    const doc = (await s.api("/api/openapi.json")).body as {
      components: { securitySchemes: Record<string, { type: string; scheme: string; bearerFormat: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, { description: string }> }>>;
    };
    expect(doc.components.securitySchemes.labApiKey).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "latk" });
    const keyed = (method: string, path: string) => doc.paths[path]?.[method]?.security?.some((r) => "labApiKey" in r);
    for (const [method, path] of [
      ["get", "/api/orders"],
      ["post", "/api/orders"],
      ["post", "/api/orders/{id}/films"],
      ["post", "/api/film/shot/{id}/{index}/upload"],
      ["put", "/api/uploads/{uploadId}/{part}"],
      ["get", "/api/lab/stickers/{shortId}"],
    ]) {
      expect(keyed(method!, path!), `${method} ${path}`).toBe(true);
    }
    expect(doc.paths["/api/orders"]!.get!.responses["429"]!.description).toContain("lab-key-rate-limited");
    for (const [method, path] of [
      ["get", "/api/lab/api-keys"],
      ["post", "/api/lab/api-keys"],
      ["delete", "/api/lab/api-keys/{id}"],
      ["get", "/api/user"],
      ["put", "/api/labs"],
      ["delete", "/api/orders/{id}"],
      ["get", "/api/config"],
    ]) {
      expect(keyed(method!, path!), `${method} ${path}`).toBeFalsy();
    }
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: `${s.base}/api/openapi.json`, config });
    expect(
      problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`),
    ).toEqual([]);
  });

  it("stops a blocked lab's keys, and deletes a deleted lab's keys with its account", async () => {
    const { sub, email, token } = await lab(s);
    const key = await makeKey(s, token);
    expect((await s.api("/api/orders", { token: key.token })).status).toBe(200);
    expect((await runAdminCommand(s.latent, ["block", "--email", email])).code).toBe(0);
    const blocked = await s.api("/api/orders", { token: key.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe("account-blocked");
    expect((await runAdminCommand(s.latent, ["unblock", "--email", email])).code).toBe(0);
    expect((await s.api("/api/orders", { token: key.token })).status).toBe(200);

    const report = await s.latent.services.accountData.deleteForever(sub);
    expect(report.deleted["lab API keys"]).toBe(1);
    expect(await s.latent.db.selectFrom("lab_api_keys").select("id").where("lab_id", "=", sub).execute()).toEqual([]);
    expect((await s.api("/api/orders", { token: key.token })).status).toBe(401);
  });
});

const postgres = process.env.TEST_DATABASE_URL;
const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/13" }).toString();

// Two instances on one PostgreSQL and one Redis: a revocation through one is refused by the other from the next
// request on (the caller-checks memo follows the keys' table), and a key's requests count on both together.
describe.skipIf(!postgres)("a lab's API keys across two instances", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-test-"));
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const env = { REDIS_URL, SECRET_KEY: `keys-${randomUUID()}` };
    a = await startServer("postgres", env, { dataDir, schema, keepData: true });
    b = await startServer("postgres", env, { dataDir, schema });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("refuses on one instance a key revoked through the other, at once", async () => {
    const { token } = await lab(a);
    const key = await makeKey(a, token);
    expect((await b.api("/api/orders", { token: key.token })).status).toBe(200);
    expect((await b.api("/api/orders", { token: key.token })).status).toBe(200);
    expect((await a.api(`/api/lab/api-keys/${key.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await b.api("/api/orders", { token: key.token })).status).toBe(401);
  });

  it("counts a key's requests on both instances together", async () => {
    const { token } = await lab(a);
    const key = await makeKey(a, token);
    const half = LAB_KEY_REQUESTS_PER_MINUTE / 2;
    for (const s of [a, b]) {
      for (let sent = 0; sent < half; sent += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, () => s.api("/api/config", { token: key.token })));
        expect(batch.every((r) => r.status === 200)).toBe(true);
      }
    }
    expect((await a.api("/api/orders", { token: key.token })).status).toBe(429);
    expect((await b.api("/api/orders", { token: key.token })).status).toBe(429);
  });
});
