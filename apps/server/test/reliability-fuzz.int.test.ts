import { randomUUID } from "node:crypto";
import { ROLE_SCOPES } from "@latent/domain/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import {
  arbitraryOf,
  encodeLoose,
  fillPath,
  hostileStrings,
  loadOperations,
  type Operation,
  undocumentedAnswer,
} from "./openapi-routes.ts";

/**
 * Schema-driven fuzzing of every route of `/api/openapi.json` (issue 16): mostly-valid requests built from each
 * route's own schema, with hostile values mixed in (NUL, lone surrogates, 1 MB strings, deep JSON, wrong content
 * types, numbers past every bound, arrays for objects), sent with a token that passes the route's guard. No answer
 * may be a 5xx, every 4xx says `{error, message}`, and the server still answers at the end.
 *
 * The seed is fixed, so a failure is the same request on every run. FUZZ_RUNS sets the number of requests per
 * database (default 1,500: ~3,000 in CI, which runs PGlite and PostgreSQL); FUZZ_SEED another seed for long runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);

/** Bodies no schema describes: broken, deep, huge or of the wrong shape. */
const hostileBodies = fc.constantFrom(
  "",
  "{",
  "null",
  "[]",
  "[{}]",
  '"a"',
  "1e99999",
  "-0",
  "123456789012345678901234567890",
  '{"__proto__":{"polluted":true}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  `{"a":"${"x".repeat(1_000_000)}"}`,
  `{"a":"${"x".repeat(2 * 1024 * 1024)}"}`,
  "[".repeat(20_000) + "]".repeat(20_000),
  `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
  "\u0000\u0001\u0002",
  Buffer.from([0xff, 0xfe, 0xc3, 0x28]).toString("latin1"),
);

/** Content types a route does not expect, and broken forms of those it does. */
const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      "text/plain",
      "application/xml",
      "application/x-www-form-urlencoded",
      "application/octet-stream",
      "multipart/form-data",
      "multipart/form-data; boundary=latent",
      "application/json; charset=utf-16",
      "application/json; charset=latin1",
      "image/jpeg",
      "*/*",
      "application/json, text/plain",
    ),
  },
);

/** Text for a path or query value: hostile, but short enough for a URL (the 1 MB strings go in bodies). */
const urlText = fc.oneof(
  fc.constantFrom(...hostileStrings, "", "..", "%2F", "a/b", "?x=1", "#", "x".repeat(3000)),
  fc.string({ unit: "binary", maxLength: 30 }),
);

interface FuzzRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string | undefined;
}

describe.each(DATABASES)("schema-driven fuzzing on %s", (kind) => {
  let s: TestServer;
  let ops: Operation[];
  let tokens: { user: string; lab: string };
  /** Real values for each path parameter name, so requests reach deep into the handlers, not only their 404. */
  let known: Record<string, (string | number)[]>;
  const seen = { requests: 0, unstorable: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    s = await startServer(kind);
    ops = await loadOperations(s);
    // Embedded accounts, so the account routes reach the account's own rules rather than "no such account".
    const signedUp = async (role: "user" | "lab") => {
      const sub = randomUUID();
      const email = `${sub}@example.com`;
      await s.latent.identity.accounts!.create({ id: sub, email, password: randomUUID(), role, locale: null, emailVerified: true });
      const token = await s.token({ sub, email, role });
      await s.api("/api/user/privacy-policy", { method: "POST", token });
      return token;
    };
    const user = await signedUp("user");
    const lab = await signedUp("lab");
    tokens = { user, lab };
    const filmId = (await s.api("/api/film", { method: "POST", token: user, body: roll })).body.id as string;
    await upload(s, user, filmId, 1, await jpeg(200, 150));
    await waitForShots(s, user, filmId, 1);
    const begun = await s.api(`/api/film/shot/${filmId}/2/upload`, {
      method: "POST",
      token: user,
      body: { content_type: "image/jpeg", content_length: 5000 },
    });
    const share = (await s.api(`/api/film/${filmId}/share`, { method: "POST", token: user })).body;
    const camera = (await s.api("/api/cameras", { method: "POST", token: user, body: { metadata: { brand: "Leica", model: "M6" } } })).body;
    const order = (
      await s.api("/api/orders", {
        method: "POST",
        token: lab,
        body: { reference: "#1", user_name: "Ana", user_email: `${randomUUID()}@example.com` },
      })
    ).body;
    known = {
      id: [filmId, camera.id, order.id],
      index: [1, 2],
      uploadId: [begun.body.upload_id],
      part: [1],
      shareId: [share.id],
      labId: [order.lab_id],
      country: ["ES"],
    };
  });
  afterAll(async () => {
    const statuses = [...seen.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `fuzz on ${kind}: ${seen.requests} requests (seed ${SEED}), ${seen.unstorable} with NUL or lone surrogates: ${statuses.join(" ")}`,
    );
    await s?.close();
  });

  /** Requests for one route: its own parameters and body from its schema, now and then something hostile instead. */
  function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
    const params = fc.record(
      Object.fromEntries(
        op.pathParams.map((p) => [
          p.name,
          known[p.name]
            ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known[p.name]!) }, { weight: 1, arbitrary: urlText })
            : fc.oneof(arbitraryOf(p.schema), urlText),
        ]),
      ),
    );
    const query = fc.record(Object.fromEntries(op.queryParams.map((p) => [p.name, fc.oneof(arbitraryOf(p.schema), urlText)])), {
      requiredKeys: [],
    });
    const json = op.body ? arbitraryOf(op.body).map((v) => JSON.stringify(v)) : fc.constant(undefined);
    const body = fc.oneof({ weight: 5, arbitrary: json }, { weight: 1, arbitrary: hostileBodies });
    return fc.record({ params, query, body, contentType: contentTypes }).map(({ params, query, body, contentType }) => {
      const path = fillPath(
        op.path,
        Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)])),
      );
      const search = Object.entries(query)
        .map(([k, v]) => `${k}=${encodeLoose(typeof v === "object" ? JSON.stringify(v) : String(v))}`)
        .join("&");
      const withBody = op.method !== "GET" && body !== undefined;
      return {
        method: op.method,
        url: `${path}${search ? `?${search}` : ""}`,
        contentType: withBody ? contentType : undefined,
        body: withBody ? body : undefined,
      };
    });
  }

  it(
    `answers ${RUNS} generated requests over every route without a 5xx, each refusal with {error, message}`,
    async () => {
      const failures: string[] = [];
      const undocumented = new Set<string>();
      // Deletions last, so the routes before them meet the fixtures they name.
      const ordered = [...ops].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
      const perRoute = Math.max(1, Math.ceil(RUNS / ordered.length));
      for (const [i, op] of ordered.entries()) {
        const token = op.scopes?.some((scope) => !(ROLE_SCOPES.user as readonly string[]).includes(scope)) ? tokens.lab : tokens.user;
        for (const req of fc.sample(requestsFor(op), { seed: SEED + i, numRuns: perRoute })) {
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          if (req.contentType) headers["content-type"] = req.contentType;
          const res = await fetch(`${s.base}${req.url}`, { method: req.method, headers, body: req.body, redirect: "manual" }).catch(
            (err: Error) => ({ status: 599, text: async () => `no answer: ${err.message}` }),
          );
          const text = await res.text();
          seen.requests++;
          seen.byStatus.set(res.status, (seen.byStatus.get(res.status) ?? 0) + 1);
          const shown = `${op.key}: ${req.method} ${req.url.slice(0, 200)} [${req.contentType}] ${String(req.body).slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
          if (process.env.FUZZ_LOG) console.log(shown);
          const sent = `${req.url}${req.body}`;
          if (sent.includes("\u0000") || /[\uD800-\uDFFF]|\\u0000|\\ud[89a-f]|%00|%ED%[AB]/i.test(sent)) seen.unstorable++;
          if (res.status >= 500) failures.push(shown);
          else if (res.status >= 400) {
            let parsed: { error?: unknown; message?: unknown } | null = null;
            try {
              parsed = JSON.parse(text);
            } catch {}
            if (typeof parsed?.error !== "string" || typeof parsed?.message !== "string") failures.push(`no {error, message}: ${shown}`);
            // The document tells the truth about refusals too: the status, and the code among those it lists. Headers
            // too long for Node's parser (431) are refused before any route is found: no route's answer.
            const off = undocumentedAnswer(op, res.status, typeof parsed?.error === "string" ? parsed.error : undefined);
            if (off && res.status !== 431) undocumented.add(off);
          }
        }
      }
      expect(failures).toEqual([]);
      expect([...undocumented].sort(), "answers openapi.json does not document").toEqual([]);
      expect(seen.requests).toBeGreaterThanOrEqual(RUNS);
      // Still alive, and still itself.
      expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
      expect((await s.api("/api/user", { token: tokens.user })).status).toBe(200);
      // A busy machine answers ~50 requests a second; long runs get the time they need.
    },
    Math.max(120_000, RUNS * 80),
  );
});
