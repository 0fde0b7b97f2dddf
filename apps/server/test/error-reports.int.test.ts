import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSentry, startFakeSentry } from "./fake-sentry.ts";
import { roll } from "./film-fixtures.ts";
import { DATABASES, startServer } from "./harness.ts";

const EMAIL = "Ada.Secret+films@example.org";
const FILE_NAME = "grandma-birthday-042.jpg";
const COOKIE = "latent_session=Zq81kPx0vTn3Lw7YbR2cM5";

describe.each(DATABASES)("error reports (%s)", (kind) => {
  let sentry: FakeSentry;
  beforeAll(async () => {
    sentry = await startFakeSentry();
  });
  afterAll(async () => {
    await sentry.stop();
  });

  it("sends a server error to the DSN with its request id, and no token, share code, email or file name of the request", async () => {
    const s = await startServer(kind, { SENTRY_DSN: sentry.dsn() });
    const token = await s.token({ email: EMAIL });
    let requestId: string | null = null;
    let code = "";
    try {
      await s.api("/api/user/privacy-policy", { method: "POST", token });
      const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
      code = (await s.api(`/api/film/${film.id}/share`, { method: "POST", token })).body.code;
      // A refusal is the caller's mistake: not reported.
      expect((await s.api(`/api/film/${film.id}/share?expiration=-5`, { method: "POST", token })).status).toBe(400);

      // The store fails under the request, with an error whose message names the file and the owner's email.
      await sql`create function refuse_shot() returns trigger language plpgsql as $$ begin
          raise exception 'disk full while storing % for %', new.file_name, (select email from users where id = new.user_id);
        end $$`.execute(s.latent.db);
      await sql`create trigger refuse_shot before insert on shots for each row execute function refuse_shot()`.execute(s.latent.db);
      const failed = await s.api(`/api/film/shot/${film.id}/1/upload?code=${code}&from=${encodeURIComponent(EMAIL)}`, {
        method: "POST",
        token,
        headers: { cookie: COOKIE, referer: `${s.base}/film?code=${code}` },
        body: { content_type: "image/jpeg", content_length: 5000, file_name: FILE_NAME },
      });
      expect(failed.status).toBe(500);
      requestId = failed.headers.get("x-request-id");
      await sql`drop trigger refuse_shot on shots`.execute(s.latent.db);
    } finally {
      // Closing sends what is queued.
      await s.close();
    }

    const events = sentry.items("event") as {
      environment: string;
      tags: Record<string, string>;
      exception: { values: { type: string; value: string }[] };
    }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.environment).toBe("production");
    expect(events[0]!.tags).toMatchObject({ request_id: requestId, route: "POST /api/film/shot/:id/:index/upload" });
    expect(events[0]!.exception.values.at(-1)!.value).toBe("disk full while storing [file] for [email]");

    const sent = sentry.envelopes.map((e) => e.text).join("\n");
    for (const secret of [token, ...token.split("."), code, EMAIL, encodeURIComponent(EMAIL), FILE_NAME, COOKIE.split("=")[1]!]) {
      expect(sent).not.toContain(secret);
    }
  });

  it("reports nothing, and tells the web app nothing, when no DSN is set", async () => {
    const s = await startServer(kind);
    try {
      expect((await s.api("/api/config")).body.error_reports).toBeNull();
    } finally {
      await s.close();
    }
  });

  it("gives the web app its DSN and environment when one is set, and lets the page send to that host", async () => {
    const s = await startServer(kind, { SENTRY_WEB_DSN: sentry.dsn("8"), SENTRY_ENVIRONMENT: "staging" });
    try {
      const res = await s.api("/api/config");
      expect(res.body.error_reports).toEqual({ dsn: sentry.dsn("8"), environment: "staging" });
      expect(res.headers.get("content-security-policy")).toContain(`connect-src 'self' ${new URL(sentry.dsn()).origin}`);
    } finally {
      await s.close();
    }
  });
});
