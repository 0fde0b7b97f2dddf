import { createHash, randomInt, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createBetaService } from "../src/features/beta/beta.service.ts";
import { insertBetaRegistration } from "../src/features/beta/beta.store.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

const RATE_LIMITED = { error: "rate-limited-email", message: "Wait a minute to send the next email" };
const NOT_SENT = { error: "email-not-sent", message: "Email could not be sent" };
const BETA_CLOSED = { error: "beta-closed", message: "The open beta registration is closed" };
const ALREADY_REGISTERED = { error: "email-already-registered", message: "This email has already been registered" };
/** Links in mails start with PUBLIC_URL, which the test servers leave at its default. */
const PUBLIC_URL = "http://localhost:3000";

// Every run uses fresh addresses: limits held in Redis outlive a run by up to a minute.
const newEmail = (tag = "visitor") => `${tag}-${randomUUID()}@example.com`;
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
/** The servers here trust X-Forwarded-For, so each request can come from its own client address. */
const from = (ip = newAddress()) => ({ "x-forwarded-for": ip });
const contactForm = (over: Record<string, unknown> = {}) => ({
  subject: "Scans of my Portra 400 roll",
  reason: "support",
  email: newEmail(),
  message: `The third frame looks soft (${randomUUID()}).`,
  ...over,
});
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The path and query of a link to `path` in a mail's text, to follow against the test server. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`${PUBLIC_URL}(${path}\\?token=[\\w.-]+&lang=[\\w-]+)`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

const outboxMailTo = (s: TestServer, to: string) =>
  s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).orderBy("created_at", "desc").execute();
const subscription = (s: TestServer, email: string) =>
  s.latent.db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe.each(DATABASES)("visitor services on %s", (kind) => {
  describe("with the defaults: mail in the outbox, beta deadline passed", () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer(kind, { TRUST_PROXY: "true" });
    });
    afterAll(() => s?.close());

    it("explains an invalid contact form field by field and stores nothing", async () => {
      const before = await s.latent.db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      const res = await s.api("/contact", {
        method: "POST",
        headers: from(),
        body: { subject: "", reason: "gossip", email: "not-an-email", message: "x".repeat(5001) },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(Object.keys(res.body.fields).sort()).toEqual(["email", "message", "reason", "subject"]);
      expect(res.body.fields.email).toBe("not valid");

      const long = await s.api("/contact", { method: "POST", headers: from(), body: contactForm({ subject: "s".repeat(151) }) });
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.fields)).toEqual(["subject"]);
      const after = await s.latent.db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("keeps a contact message and leaves its mail to the operator in the outbox, replying to the visitor", async () => {
      const form = contactForm({ reason: "lab-partnership" });
      const res = await s.api("/contact", { method: "POST", headers: from(), body: form });
      expect(res.status).toBe(201);
      expect(res.body.id).toEqual(expect.any(String));

      const stored = await s.latent.db.selectFrom("contact_messages").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ email: form.email, reason: "lab-partnership", subject: form.subject, message: form.message });
      expect(stored.mailed_at).not.toBeNull();

      const mail = (await outboxMailTo(s, "support@localhost")).find((m) => m.text.includes(form.message));
      expect(mail).toMatchObject({ reply_to: form.email });
      expect(mail!.subject).toContain(form.subject);
      expect(mail!.text).toContain(`From: ${form.email}`);
    });

    it("asks a sender to wait a minute before a second message, even from another address", async () => {
      const form = contactForm();
      expect((await s.api("/contact", { method: "POST", headers: from(), body: form })).status).toBe(201);
      const again = await s.api("/contact", { method: "POST", headers: from(), body: { ...form, email: form.email.toUpperCase() } });
      expect(again.status).toBe(429);
      expect(again.body).toEqual(RATE_LIMITED);
      const rows = await s.latent.db.selectFrom("contact_messages").select("id").where("email", "=", form.email).execute();
      expect(rows).toHaveLength(1);
    });

    it("asks a network address to wait a minute before a second message, even with another email", async () => {
      const ip = newAddress();
      expect((await s.api("/contact", { method: "POST", headers: from(ip), body: contactForm() })).status).toBe(201);
      const other = contactForm();
      const refused = await s.api("/contact", { method: "POST", headers: from(ip), body: other });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(RATE_LIMITED);
      // The refused email did not use up its own minute.
      expect((await s.api("/contact", { method: "POST", headers: from(), body: other })).status).toBe(201);
    });

    it("confirms a newsletter subscription from the mailed link, records the 20% discount, and unsubscribes at any time", async () => {
      const email = newEmail("reader");
      const res = await s.api("/newsletter", {
        method: "POST",
        headers: { ...from(), "accept-language": "fr-FR,fr;q=0.9" },
        body: { email },
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: "accepted" });

      const [mail] = await outboxMailTo(s, email);
      expect(mail!.subject).toBe("Confirmez votre inscription à la newsletter de Latent");
      expect(mail!.html).toContain("/newsletter/unsubscribe?token=");
      const confirm = linkIn(mail!.text, "/newsletter/confirm");
      const unsubscribe = linkIn(mail!.text, "/newsletter/unsubscribe");
      const token = new URLSearchParams(confirm.split("?")[1]).get("token")!;
      expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
      const pending = await subscription(s, email);
      expect(pending).toMatchObject({ status: "pending", confirm_token_hash: sha256(token), discount_percent: null });
      expect(pending.confirm_expires_at!.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

      const confirmed = await s.api(confirm);
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get("content-type")).toContain("text/html");
      expect(confirmed.body).toContain("Inscription confirmée");
      expect(await subscription(s, email)).toMatchObject({ status: "confirmed", discount_percent: 20 });
      expect((await s.api(confirm)).status).toBe(200);

      const left = await s.api(unsubscribe);
      expect(left.status).toBe(200);
      expect(left.body).toContain("Désinscription effectuée");
      expect(await subscription(s, email)).toMatchObject({ status: "unsubscribed" });
      expect((await s.api(confirm)).status).toBe(400);
      expect((await s.api(unsubscribe)).status).toBe(200);
    });

    it("answers a sign-up of an already confirmed address exactly like a new one, and only mails its owner a notice", async () => {
      const email = newEmail("known");
      const row = await s.latent.db
        .insertInto("newsletter_subscriptions")
        .values({ email, locale: "en-US", status: "confirmed", confirmed_at: new Date(), discount_percent: 20 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const known = await s.api("/newsletter", { method: "POST", headers: from(), body: { email } });
      const fresh = await s.api("/newsletter", { method: "POST", headers: from(), body: { email: newEmail() } });
      expect(known.status).toBe(202);
      expect(known.body).toEqual(fresh.body);

      const [mail] = await outboxMailTo(s, email);
      expect(mail!.subject).toBe("You already receive the Latent newsletter");
      expect(mail!.text).not.toContain("/newsletter/confirm");
      expect(await subscription(s, email)).toMatchObject({ id: row.id, status: "confirmed", confirm_token_hash: null });
      expect((await s.api(linkIn(mail!.text, "/newsletter/unsubscribe"))).status).toBe(200);
    });

    it("shows a page in the visitor's language for an unknown, expired or forged newsletter link", async () => {
      const unknown = await s.api("/newsletter/confirm?token=nope", { headers: { "accept-language": "es-ES" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toContain("Este enlace no es válido");
      const forged = await s.api(`/newsletter/unsubscribe?token=${randomUUID()}.forged&lang=ca-ES`);
      expect(forged.status).toBe(400);
      expect(forged.body).toContain("Aquest enllaç no és vàlid");
      expect((await s.api("/newsletter/confirm")).status).toBe(400);

      const email = newEmail("late");
      await s.api("/newsletter", { method: "POST", headers: from(), body: { email, locale: "it-IT" } });
      const [mail] = await outboxMailTo(s, email);
      await s.latent.db
        .updateTable("newsletter_subscriptions")
        .set({ confirm_expires_at: new Date(Date.now() - 1000) })
        .where("email", "=", email)
        .execute();
      const expired = await s.api(linkIn(mail!.text, "/newsletter/confirm"));
      expect(expired.status).toBe(400);
      expect(expired.body).toContain("Questo link non è valido");
      expect(await subscription(s, email)).toMatchObject({ status: "pending", discount_percent: null });
    });

    it("refuses an invalid newsletter email as 'not valid' and takes one sign-up per address a minute", async () => {
      const bad = await s.api("/newsletter", { method: "POST", headers: from(), body: { email: "reader@" } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: "bad-request", fields: { email: "not valid" } });

      const email = newEmail();
      expect((await s.api("/newsletter", { method: "POST", headers: from(), body: { email } })).status).toBe(202);
      const again = await s.api("/newsletter", { method: "POST", headers: from(), body: { email } });
      expect(again.status).toBe(429);
      expect(again.body).toEqual(RATE_LIMITED);
    });

    it("keeps the contact form's minute and the newsletter's apart: one sender may use both at once", async () => {
      const ip = newAddress();
      const email = newEmail();
      expect((await s.api("/contact", { method: "POST", headers: from(ip), body: contactForm({ email }) })).status).toBe(201);
      expect((await s.api("/newsletter", { method: "POST", headers: from(ip), body: { email } })).status).toBe(202);
      // Each form still holds its own minute.
      expect((await s.api("/newsletter", { method: "POST", headers: from(ip), body: { email } })).status).toBe(429);
      expect((await s.api("/contact", { method: "POST", headers: from(ip), body: contactForm({ email }) })).status).toBe(429);
    });

    it("says the open beta is closed once its deadline has passed", async () => {
      const status = await s.api("/beta");
      expect(status.status).toBe(200);
      expect(status.body).toEqual({
        open: false,
        full: false,
        last_day: "2025-03-01",
        closes_at: "2025-03-02T00:00:00.000Z",
        capacity: 50,
      });
      const invalid = await s.api("/beta", { method: "POST", body: { email: "x", formats: ["8x10"] } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.fields.email).toBe("not valid");
      const res = await s.api("/beta", { method: "POST", body: { email: newEmail("tester"), formats: ["120"] } });
      expect(res.status).toBe(410);
      expect(res.body).toEqual(BETA_CLOSED);
    });

    it("leaves GET /contact to the web app's contact page", async () => {
      const res = await s.api("/contact", { headers: { accept: "text/html" } });
      expect(res.status).toBe(503);
      expect(res.body).toContain("web app is not built");
    });

    it("keeps the beta open until the end of its deadline day in UTC", async () => {
      await s.latent.db.deleteFrom("beta_registrations").execute();
      const { closesAt, deadline } = loadConfig({}).beta;
      let clock = new Date("2025-03-01T23:59:59.999Z");
      const beta = createBetaService({ db: s.latent.db, now: () => clock, capacity: 50, lastDay: deadline, closesAt });
      expect((await beta.status()).open).toBe(true);
      expect(await beta.register({ email: newEmail("tester") })).toEqual({ position: 1 });
      clock = new Date("2025-03-02T00:00:00.000Z");
      expect(await beta.status()).toMatchObject({ open: false, full: false, last_day: "2025-03-01" });
      await expect(beta.register({ email: newEmail("tester") })).rejects.toMatchObject({ status: 410, code: "beta-closed" });
    });

    it("keeps one registration when the same email arrives many times at once, whatever its case", async () => {
      await s.latent.db.deleteFrom("beta_registrations").execute();
      const beta = createBetaService({
        db: s.latent.db,
        now: () => new Date("2025-02-01T00:00:00Z"),
        capacity: 50,
        lastDay: "2025-03-01",
        closesAt: new Date("2025-03-02"),
      });
      const email = newEmail("twice");
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => beta.register({ email: i % 2 ? email.toUpperCase() : email })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected")) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: "email-already-registered" });
      }
      // The unique index holds even for a writer that skips the service's lock.
      await expect(insertBetaRegistration(s.latent.db, { email: email.toUpperCase() }, 99)).rejects.toMatchObject({ code: "23505" });
      expect(await s.latent.db.selectFrom("beta_registrations").select("position").execute()).toEqual([{ position: 1 }]);
    });
  });

  describe("with SMTP delivery and an open beta of two places", () => {
    let smtp: SmtpCapture;
    let s: TestServer;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      s = await startServer(kind, {
        TRUST_PROXY: "true",
        SMTP_URL: smtp.url,
        MAIL_FROM: "Latent <hello@latent.test>",
        CONTACT_TO: "operator@latent.test",
        BETA_DEADLINE: inAMonth,
        BETA_CAPACITY: "2",
      });
    });
    afterAll(async () => {
      await s?.close();
      await smtp?.close();
    });

    it("delivers a contact message through SMTP to the operator, replying to the visitor", async () => {
      const form = contactForm({ reason: "press" });
      const res = await s.api("/contact", { method: "POST", headers: from(), body: form });
      expect(res.status).toBe(201);

      const mail = await smtp.next("operator@latent.test");
      expect(mail.to).toEqual(["operator@latent.test"]);
      expect(mail.headers.from).toContain("hello@latent.test");
      expect(mail.headers["reply-to"]).toContain(form.email);
      expect(mail.headers.subject).toBe(`[Latent contact · press] ${form.subject}`);
      expect(mail.text).toContain(form.message);
      expect(await outboxMailTo(s, "operator@latent.test")).toEqual([]);
      const stored = await s.latent.db
        .selectFrom("contact_messages")
        .select("mailed_at")
        .where("id", "=", res.body.id)
        .executeTakeFirstOrThrow();
      expect(stored.mailed_at).not.toBeNull();
    });

    it("delivers the newsletter confirmation through SMTP, and its confirm and unsubscribe links work", async () => {
      const email = newEmail("reader");
      expect((await s.api("/newsletter", { method: "POST", headers: from(), body: { email, locale: "it-IT" } })).status).toBe(202);

      const mail = await smtp.next(email);
      expect(mail.headers.subject).toBe("Conferma la tua iscrizione alla newsletter di Latent");
      const confirmed = await s.api(linkIn(mail.text, "/newsletter/confirm"));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toContain("Iscrizione confermata");
      expect(await subscription(s, email)).toMatchObject({ status: "confirmed", discount_percent: 20 });

      const left = await s.api(linkIn(mail.text, "/newsletter/unsubscribe"));
      expect(left.status).toBe(200);
      expect(left.body).toContain("Iscrizione annullata");
      expect(await subscription(s, email)).toMatchObject({ status: "unsubscribed" });
    });

    it("registers beta testers in order, refuses a known email in any case, and closes when the places are taken", async () => {
      expect((await s.api("/beta")).body).toMatchObject({ open: true, full: false, last_day: inAMonth, capacity: 2 });
      const first = newEmail("tester");
      const one = await s.api("/beta", {
        method: "POST",
        body: { email: first, name: "Ada", formats: ["135", "120"], message: "I shoot Tri-X" },
      });
      expect(one.status).toBe(201);
      expect(one.body).toEqual({ position: 1 });
      const again = await s.api("/beta", { method: "POST", body: { email: first.toUpperCase() } });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(ALREADY_REGISTERED);
      expect((await s.api("/beta", { method: "POST", body: { email: newEmail("tester") } })).body).toEqual({ position: 2 });
      const third = await s.api("/beta", { method: "POST", body: { email: newEmail("tester") } });
      expect(third.status).toBe(410);
      expect(third.body).toEqual(BETA_CLOSED);
      // Full before its deadline: shown closed, before anyone fills in the form.
      expect((await s.api("/beta")).body).toMatchObject({ open: false, full: true, last_day: inAMonth });

      const row = await s.latent.db.selectFrom("beta_registrations").selectAll().where("email", "=", first).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "Ada", formats: ["135", "120"], message: "I shoot Tri-X", position: 1 });
    });

    it("asks a beta tester to try again later when registration fails for another reason", async () => {
      await sql`alter table beta_registrations rename to beta_registrations_away`.execute(s.latent.db);
      try {
        const res = await s.api("/beta", { method: "POST", body: { email: newEmail("tester") } });
        expect(res.status).toBe(500);
        expect(res.body).toEqual({
          error: "beta-registration-failed",
          message: "There was an error registering your email. Please try again later.",
        });
      } finally {
        await sql`alter table beta_registrations_away rename to beta_registrations`.execute(s.latent.db);
      }
    });

    // Runs last in this block: it stops the SMTP server.
    it("answers 'Email could not be sent' when the SMTP server is down, and keeps the message", async () => {
      await smtp.close();
      const form = contactForm();
      const res = await s.api("/contact", { method: "POST", headers: from(), body: form });
      expect(res.status).toBe(502);
      expect(res.body).toEqual(NOT_SENT);
      const stored = await s.latent.db.selectFrom("contact_messages").selectAll().where("email", "=", form.email).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ message: form.message, mailed_at: null });

      const newsletter = await s.api("/newsletter", { method: "POST", headers: from(), body: { email: newEmail() } });
      expect(newsletter.status).toBe(502);
      expect(newsletter.body).toEqual(NOT_SENT);
    });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisAnswers = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe.runIf(redisAnswers)("visitor limits with Redis", () => {
  // PostgreSQL when available: two instances, one database.
  const kind = DATABASES[DATABASES.length - 1]!;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startServer(kind, { TRUST_PROXY: "true", REDIS_URL }),
      startServer(kind, { TRUST_PROXY: "true", REDIS_URL }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("holds the one-a-minute limit across server instances", async () => {
    const ip = newAddress();
    const form = contactForm();
    expect((await a.api("/contact", { method: "POST", headers: from(ip), body: form })).status).toBe(201);
    const sameEmail = await b.api("/contact", { method: "POST", headers: from(), body: form });
    expect(sameEmail.status).toBe(429);
    expect(sameEmail.body).toEqual(RATE_LIMITED);
    const sameAddress = await b.api("/contact", { method: "POST", headers: from(ip), body: contactForm() });
    expect(sameAddress.status).toBe(429);

    const email = newEmail();
    expect((await b.api("/newsletter", { method: "POST", headers: from(), body: { email } })).status).toBe(202);
    expect((await a.api("/newsletter", { method: "POST", headers: from(), body: { email } })).status).toBe(429);
  });
});
