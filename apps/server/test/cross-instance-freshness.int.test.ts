import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signUp } from "./embedded-sign-in.ts";
import { roll } from "./film-fixtures.ts";
import { startServer, type TestServer } from "./harness.ts";

const postgres = process.env.TEST_DATABASE_URL;
// A Redis database of this file's own.
const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/12" }).toString();
const PAIRS = 50;

/** Signs up (or in) through the embedded provider's pages on `s`: a session of its own, with an access token bound to it. */
async function session(s: TestServer, email: string, newAccount: boolean): Promise<string> {
  const password = "correct horse battery";
  if (newAccount) return (await signUp(s, email, password)).tokens.access_token;
  const { res, next } = await signIn(s, email, password);
  expect(res.status).toBe(303);
  return (await next(res)).access_token;
}

// Issue 24: what one instance acknowledged is what every other instance answers from the next request on, whether or
// not Redis carries the news (decision 0021). Each pair below is a write on `a` and the read right after it on `b`.
describe.skipIf(!postgres).each([
  ["without Redis", {}],
  ["with Redis", { REDIS_URL }],
])("two instances on one PostgreSQL %s", (_name, redis: Record<string, string>) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-test-"));
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const env = { ...redis, SECRET_KEY: `freshness-${randomUUID()}` };
    a = await startServer("postgres", env, { dataDir, schema, keepData: true });
    b = await startServer("postgres", env, { dataDir, schema });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`never shows on one instance a roll the other has just deleted (${PAIRS} deletions)`, async () => {
    const token = await a.token();
    await a.api("/api/user/privacy-policy", { method: "POST", token });
    let stale = 0;
    for (let i = 0; i < PAIRS; i++) {
      const { id } = (await a.api("/api/film", { method: "POST", token, body: { ...roll, name: `Roll ${i}` } })).body;
      // Read on b first, so that b has the page and the list to keep.
      const listed = await b.api("/api/film", { token });
      if ((await b.api(`/api/film/${id}`, { token })).status !== 200) stale++;
      if (!listed.body.some((f: { id: string }) => f.id === id)) stale++;
      expect((await a.api(`/api/film/${id}`, { method: "DELETE", token })).status).toBe(204);
      if ((await b.api(`/api/film/${id}`, { token })).status !== 404) stale++;
      if ((await b.api("/api/film", { token })).body.some((f: { id: string }) => f.id === id)) stale++;
    }
    expect(stale).toBe(0);
  });

  it("shows on one instance a change the other has just made to a roll", async () => {
    const token = await a.token();
    await a.api("/api/user/privacy-policy", { method: "POST", token });
    const { id } = (await a.api("/api/film", { method: "POST", token, body: { ...roll, name: "Alps" } })).body;
    for (let i = 0; i < 10; i++) {
      expect((await b.api(`/api/film/${id}`, { token })).body.name).toBe(i ? `Alps ${i - 1}` : "Alps");
      await a.api(`/api/film/${id}`, { method: "PUT", token, body: { ...roll, name: `Alps ${i}` } });
      expect((await b.api(`/api/film/${id}`, { token })).body.name).toBe(`Alps ${i}`);
    }
  });

  it("refuses on one instance, from the next request on, an account the other has just blocked", async () => {
    const sub = randomUUID();
    const token = await a.token({ sub });
    expect((await a.api("/api/user", { token })).status).toBe(200);
    let passed = 0;
    for (let i = 0; i < 20; i++) {
      // b has just checked the token and may keep the check.
      expect((await b.api("/api/film", { token })).status).toBe(200);
      await a.latent.services.users.setBlocked(sub, true);
      const refused = await b.api("/api/film", { token });
      if (refused.status !== 403) passed++;
      else expect(refused.body.error).toBe("account-blocked");
      await a.latent.services.users.setBlocked(sub, false);
    }
    expect(passed).toBe(0);
  });

  it("refuses on one instance, from the next request on, a session ended on the other", async () => {
    const email = `${randomUUID()}@example.com`;
    const mine = await session(a, email, true);
    let passed = 0;
    for (let i = 0; i < 5; i++) {
      const theirs = await session(a, email, false);
      expect((await b.api("/api/user", { token: theirs })).status).toBe(200);
      const sessions = (await a.api("/api/account/sessions", { token: mine })).body as { id: string; current: boolean }[];
      const other = sessions.find((x) => !x.current)!;
      expect((await a.api(`/api/account/sessions/${other.id}`, { method: "DELETE", token: mine })).status).toBe(204);
      if ((await b.api("/api/user", { token: theirs })).status !== 401) passed++;
    }
    expect(passed).toBe(0);
  });
});
