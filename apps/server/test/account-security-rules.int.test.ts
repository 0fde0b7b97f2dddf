import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LIGHTROOM_CLIENT_ID, LIGHTROOM_SCOPES } from "@latent/domain/plugins";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeStep, totpCode } from "../src/features/identity/security/totp.ts";
import { cookieBrowser } from "./cookie-browser.ts";
import { authorize, finish, signIn, signUp } from "./embedded-sign-in.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { mailTo } from "./outbox-mail.ts";

/**
 * Issue 25: the account-security rules' edges that account-security.int.test.ts leaves open: whose address a reset
 * link or an email change belongs to, what counts against the reset limits, what two-factor sign-in asks for when it
 * is off or half set up, when a session was last seen and which ones are listed, the mails of an account without a
 * language, and what deleting the account ends.
 */
const PASSWORD = "correct horse battery";

const refresh = async (s: TestServer, refreshToken: string) =>
  fetch(`${s.base}/oidc/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: (await s.api("/api/config")).body.identity.client_id,
    }),
  });

const outbox = (s: TestServer, to: string) => s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).execute();

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+/auth/${path}/[\\w-]+(\\?lang=[\\w-]+)?`).exec(text);
  expect(match).toBeTruthy();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
};

/** The whole link to `/auth/<path>/` a mail holds, with every parameter it carries. */
const mailedLink = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+/auth/${path}/\\S+`).exec(text);
  expect(match).toBeTruthy();
  return new URL(match![0]);
};

/** An embedded account made directly, with a token for its subject; `locale: null` is an account without a language. */
async function account(s: TestServer, options: { emailVerified?: boolean; locale?: string | null } = {}) {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await s.latent.identity.accounts!.create({
    id,
    email,
    password: PASSWORD,
    role: "user",
    locale: options.locale === undefined ? "en-US" : options.locale,
    emailVerified: options.emailVerified ?? true,
  });
  const token = await s.token({ sub: id, email });
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { id, email, token };
}

/**
 * An account as `npm run token` makes one (POST /auth/dev-token, with the secret in the data folder): it has no
 * language, and a random password its owner replaces through the forgotten-password mail.
 */
async function scriptAccount(s: TestServer) {
  const email = `script-${randomUUID()}@example.com`;
  const secret = (await readFile(join(s.latent.config.dataDir, "dev-token-secret"), "utf8")).trim();
  const res = await fetch(`${s.base}/auth/dev-token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-latent-dev-secret": secret },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  return { email, token: ((await res.json()) as { access_token: string }).access_token };
}

/**
 * A two-factor secret as an earlier release stored it: sealed under the operator's SECRET_KEY for its account. The
 * sealed form must keep opening, or every owner of two-factor sign-in is locked out by an upgrade.
 */
const STORED_TOTP = {
  secretKey: "an operator's secret key of at least 32 characters",
  accountId: "0b6f3c1e-5d2a-4f7e-9a41-2c8d7e6f5a10",
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  sealed: "v1._SzT41iVLy3ECq4u.ExfhxY4LTuAAcifPxN3kHA.uzTOZxQeyM_hbF2yf7nagfigDlg-bv7UDTD3Xy9GDsQ",
};

/** Turns two-factor sign-in on for an account; answers its secret, the step used and the recovery codes. */
async function withTotp(s: TestServer, token: string) {
  const secret: string = (await s.api("/api/account/totp/setup", { method: "POST", token })).body.secret;
  const step = timeStep(Date.now());
  const enabled = await s.api("/api/account/totp/enable", { method: "POST", token, body: { code: totpCode(secret, step) } });
  expect(enabled.status).toBe(200);
  return { secret, step, codes: enabled.body.recovery_codes as string[] };
}

/**
 * A browser on a client address of its own: the tests of a file share one server, whose reset limit per client
 * address (10 a minute) would otherwise refuse the later tests' requests, or not, depending on how fast they run.
 */
let clients = 0;
const browser = (base: string) => cookieBrowser(base, { forwardedFor: `192.0.2.${++clients % 250}` });

/** Pairs a Lightroom Classic with an account, as the plugin and the person's web app do (device flow, confirmed). */
async function pairLightroom(s: TestServer, token: string) {
  const provider = async (path: string, fields: Record<string, string>) => {
    const res = await fetch(`${s.base}/oidc${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `198.51.100.${++clients % 250}` },
      body: new URLSearchParams(fields),
    });
    return (await res.json()) as Record<string, string>;
  };
  const started = await provider("/device/auth", { client_id: LIGHTROOM_CLIENT_ID, scope: LIGHTROOM_SCOPES.join(" ") });
  const confirmed = await s.api("/api/plugins/lightroom/confirm", {
    method: "POST",
    token,
    body: { code: started.user_code, device_confirmed: true },
  });
  expect(confirmed.status).toBe(200);
  const tokens = await provider("/oauth/token", {
    grant_type: "urn:ietf:params:oauth:grant-type:device_code",
    device_code: started.device_code!,
    client_id: LIGHTROOM_CLIENT_ID,
  });
  expect(tokens.access_token).toEqual(expect.any(String));
}

describe.each(DATABASES)("account security rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "1000", TRUST_PROXY: "true" });
  });
  afterAll(() => s?.close());

  describe("password reset", () => {
    it("mails the link to an address typed in other capitals, and counts those requests as one address's", async () => {
      const me = await account(s);
      const shouted = `  ${me.email.toUpperCase()} `;
      expect((await browser(s.base).form("/auth/forgot", { email: shouted })).status).toBe(200);
      expect((await mailTo(s, me.email, /Reset/)).text).toContain("/auth/reset/");
      expect((await browser(s.base).form("/auth/forgot", { email: me.email })).status).toBe(200);
      expect((await browser(s.base).form("/auth/forgot", { email: me.email.replace(/^./, (c) => c.toUpperCase()) })).status).toBe(200);
      expect((await browser(s.base).form("/auth/forgot", { email: me.email })).status).toBe(429);
    });

    it("mails the link in the account's language, saying how long it works, and opens the page in it", async () => {
      const me = await account(s, { locale: "fr-FR" });
      await browser(s.base).form("/auth/forgot", { email: me.email });
      const mail = await mailTo(s, me.email, /Réinitialisez/);
      expect(mail.text).toContain("pendant 60 minutes");
      const link = linkIn(mail.text, "reset");
      expect(link).toMatch(/\?lang=fr-FR$/);
      const page = await browser(s.base).request(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('lang="fr-FR"');
    });

    it("mails an account without a language (made by the token command) an English reset link that sets its password", async () => {
      const me = await scriptAccount(s);
      await browser(s.base).form("/auth/forgot", { email: me.email });
      const mail = await mailTo(s, me.email, /^Reset your Latent password$/);
      expect(mail.text).toContain("The link works once, for 60 minutes.");
      const url = mailedLink(mail.text, "reset");
      // No language to carry: the link is the bare token, which the page opens in English.
      expect(url.search).toBe("");
      const link = url.pathname;
      const page = await browser(s.base).request(link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('lang="en-US"');
      expect((await browser(s.base).form(link, { password: "my own passphrase at last" })).status).toBe(200);
      expect((await signIn(s, me.email, "my own passphrase at last")).res.status).toBe(303);
    });

    it("keeps only the newest reset link working", async () => {
      const me = await account(s);
      await browser(s.base).form("/auth/forgot", { email: me.email });
      const first = linkIn((await mailTo(s, me.email, /Reset/)).text, "reset");
      await browser(s.base).form("/auth/forgot", { email: me.email });
      await expect.poll(async () => (await outbox(s, me.email)).length).toBe(2);
      const second = linkIn((await mailTo(s, me.email, /Reset/)).text, "reset");
      expect(second).not.toBe(first);
      expect((await browser(s.base).request(first)).status).toBe(400);
      expect((await browser(s.base).request(second)).status).toBe(200);
    });

    it("shows no password change before one, and ends a reset link still open when the password is changed on the account page", async () => {
      const me = await account(s);
      expect((await s.api("/api/account", { token: me.token })).body.password_changed_at).toBeNull();
      await browser(s.base).form("/auth/forgot", { email: me.email });
      const link = linkIn((await mailTo(s, me.email, /Reset/)).text, "reset");
      const changed = await s.api("/api/account/password", {
        method: "POST",
        token: me.token,
        body: { current_password: PASSWORD, new_password: "a brand new passphrase" },
      });
      expect(changed.status).toBe(204);
      expect((await browser(s.base).request(link)).status).toBe(400);
    });

    it("mails no link to a blocked account, with the same answer", async () => {
      const me = await account(s);
      await s.latent.db.updateTable("accounts").set({ blocked: true }).where("id", "=", me.id).execute();
      const blocked = await browser(s.base).form("/auth/forgot?lang=en-US", { email: me.email });
      const unknown = await browser(s.base).form("/auth/forgot?lang=en-US", { email: `nobody-${me.email}` });
      expect(blocked.status).toBe(200);
      expect(await blocked.text()).toBe(await unknown.text());
      // A later mail to the same address proves the blocked one would have arrived by now.
      const other = await account(s);
      await browser(s.base).form("/auth/forgot", { email: other.email });
      await mailTo(s, other.email, /Reset/);
      expect(await outbox(s, me.email)).toEqual([]);
    });

    it("answers a forged link with the link's page, not the password rule, whatever password is sent", async () => {
      const forged = `/auth/reset/${randomBytes(32).toString("base64url")}`;
      for (const password of ["short", "password123", "a perfectly fine passphrase"]) {
        const res = await browser(s.base).form(forged, { password });
        expect(res.status, password).toBe(400);
        expect(await res.text(), password).toContain("This link does not work");
      }
    });

    it("refuses a reset link mailed to the account's old address once the email has changed", async () => {
      const me = await account(s);
      await browser(s.base).form("/auth/forgot", { email: me.email });
      const reset = linkIn((await mailTo(s, me.email, /Reset/)).text, "reset");
      const moved = `moved-${me.email}`;
      expect(
        (await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: moved, password: PASSWORD } })).status,
      ).toBe(202);
      expect((await browser(s.base).request(linkIn((await mailTo(s, moved, /new email/)).text, "email"))).status).toBe(200);

      const res = await browser(s.base).form(reset, { password: "a passphrase from the old address" });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This link does not work");
      expect((await signIn(s, moved, PASSWORD)).res.status).toBe(303);
    });

    it("does not count a request refused for its client address against the address it asked for", async () => {
      // A server of its own, behind a proxy that names each client: the other tests ask for resets too.
      const fresh = await startServer(kind, { TRUST_PROXY: "true" });
      try {
        const from = (ip: string, email: string) =>
          fetch(`${fresh.base}/auth/forgot`, {
            method: "POST",
            headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email }),
          });
        for (let i = 0; i < 10; i++) expect((await from("203.0.113.7", `someone-${i}@example.com`)).status).toBe(200);
        expect((await from("203.0.113.7", "target@example.com")).status).toBe(429);
        const elsewhere = [];
        for (let i = 0; i < 4; i++) elsewhere.push((await from(`198.51.100.${i + 1}`, "target@example.com")).status);
        expect(elsewhere).toEqual([200, 200, 200, 429]);
      } finally {
        await fresh.close();
      }
    });
  });

  describe("email", () => {
    it("sends no confirmation mail to an address already confirmed", async () => {
      const me = await account(s);
      const res = await s.api("/api/account/verification", { method: "POST", token: me.token });
      expect(res.status).toBe(202);
      const other = await account(s, { emailVerified: false });
      expect((await s.api("/api/account/verification", { method: "POST", token: other.token })).status).toBe(202);
      await mailTo(s, other.email, /Confirm your email/);
      expect(await outbox(s, me.email)).toEqual([]);
    });

    it("refuses the account's own address as a new one in any capitals, and keeps a new one typed in capitals in lower case", async () => {
      const me = await account(s);
      const change = (newEmail: string) =>
        s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: newEmail, password: PASSWORD } });
      const own = await change(me.email.toUpperCase());
      expect(own.status).toBe(409);
      expect(own.body.error).toBe("email-taken");
      expect((await s.api("/api/account", { token: me.token })).body.pending_email).toBeNull();
      expect((await change(`NEW-${me.email.toUpperCase()}`)).status).toBe(202);
      expect((await s.api("/api/account", { token: me.token })).body.pending_email).toBe(`new-${me.email}`);
      await mailTo(s, `new-${me.email}`, /new email/);
    });

    it("leads the sign-up's confirmation link back to the page the sign-up started from, in the sign-up's language", async () => {
      const email = `return-${randomUUID()}@example.com`;
      const b = browser(s.base);
      const { interaction, redirectUri, clientId } = await authorize(s, b, { screen_hint: "signup", return_to: "/films?tab=rolls" });
      const created = await b.form(`${interaction}/signup`, { email, password: PASSWORD, role: "user" });
      expect(created.status).toBe(303);
      await finish(s, b, created, redirectUri, clientId);
      const url = mailedLink((await mailTo(s, email, /Confirm your email/)).text, "verify");
      const params = url.searchParams;
      expect([...params.keys()]).toEqual(["lang", "next"]);
      expect(params.get("lang")).toBe("en-US");
      expect(params.get("next")).toBe("/films?tab=rolls");
      const confirmed = await browser(s.base).request(`${url.pathname}${url.search}`);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('<a href="/films?tab=rolls">Back to where you were</a>');
    });

    it("sends one confirmation mail a minute: a second request at once is refused and mails nothing", async () => {
      const me = await account(s, { emailVerified: false });
      expect((await s.api("/api/account/verification", { method: "POST", token: me.token })).status).toBe(202);
      await mailTo(s, me.email, /Confirm your email/);
      const again = await s.api("/api/account/verification", { method: "POST", token: me.token });
      expect(again.status).toBe(429);
      expect(again.body.error).toBe("rate-limited-email");
      expect((await outbox(s, me.email)).filter((m) => /Confirm your email/.test(m.subject))).toHaveLength(1);
    });

    it("writes the confirmation, the new-address link and the change notice in the account's language", async () => {
      const me = await account(s, { emailVerified: false, locale: "es-ES" });
      expect((await s.api("/api/account/verification", { method: "POST", token: me.token })).status).toBe(202);
      await mailTo(s, me.email, /^Confirma tu correo para Latent$/);
      const wanted = `nuevo-${me.email}`;
      await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: wanted, password: PASSWORD } });
      const link = linkIn((await mailTo(s, wanted, /^Confirma tu nuevo correo para Latent$/)).text, "email");
      expect((await browser(s.base).request(link)).status).toBe(200);
      await mailTo(s, me.email, /^Tu correo de Latent ha cambiado$/);
    });

    it("refuses a confirmation link mailed to the account's old address once the email has changed", async () => {
      const me = await account(s, { emailVerified: false });
      await s.api("/api/account/verification", { method: "POST", token: me.token });
      const oldLink = linkIn((await mailTo(s, me.email, /Confirm your email/)).text, "verify");
      const wanted = `moved-${me.email}`;
      await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: wanted, password: PASSWORD } });
      expect((await browser(s.base).request(linkIn((await mailTo(s, wanted, /new email/)).text, "email"))).status).toBe(200);
      // The old address's link confirms nothing now: the account's address is the new one.
      const account_ = async () => (await s.api("/api/account", { token: me.token })).body;
      const before = await account_();
      expect(before.email).toBe(wanted);
      expect((await browser(s.base).request(oldLink)).status).toBe(400);
      expect((await account_()).email_verified).toBe(before.email_verified);
    });

    it("takes only the newest new address: a link to an address asked for before is refused", async () => {
      const me = await account(s);
      const change = (newEmail: string) =>
        s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: newEmail, password: PASSWORD } });
      const first = `first-${me.email}`;
      const second = `second-${me.email}`;
      expect((await change(first)).status).toBe(202);
      const firstLink = linkIn((await mailTo(s, first, /new email/)).text, "email");
      expect((await change(second)).status).toBe(202);
      expect((await browser(s.base).request(firstLink)).status).toBe(400);
      expect((await s.api("/api/account", { token: me.token })).body).toMatchObject({ email: me.email, pending_email: second });
    });

    it("leaves the email as it was when another account took the new address before the link was opened", async () => {
      const me = await account(s);
      const wanted = `wanted-${me.email}`;
      await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: wanted, password: PASSWORD } });
      const link = linkIn((await mailTo(s, wanted, /new email/)).text, "email");
      await signUp(s, wanted);
      const res = await browser(s.base).request(link);
      expect(res.status).toBe(409);
      expect((await s.api("/api/account", { token: me.token })).body).toMatchObject({ email: me.email });
      expect((await outbox(s, me.email)).filter((m) => /has changed/.test(m.subject))).toEqual([]);
      // A link is used once, whatever its outcome.
      expect((await browser(s.base).request(link)).status).toBe(400);
    });
    it("answers taken when another account signs up with the new address while the link is being opened", async () => {
      const me = await account(s);
      const wanted = `raced-${me.email}`;
      await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: wanted, password: PASSWORD } });
      const link = linkIn((await mailTo(s, wanted, /new email/)).text, "email");
      // The rival's sign-up lands after the link found the address free and before the account takes it: only the
      // unique index can tell.
      await sql`create function rival_sign_up() returns trigger language plpgsql as $$ begin
          insert into accounts (id, email, password_hash, role) values (old.id || '-rival', new.email, old.password_hash, 'user');
          return new;
        end $$`.execute(s.latent.db);
      await sql`create trigger rival_sign_up before update of email on accounts for each row
        when (old.id = ${sql.lit(me.id)} and new.email is distinct from old.email) execute function rival_sign_up()`.execute(s.latent.db);
      try {
        const res = await browser(s.base).request(link);
        expect(res.status).toBe(409);
        expect(await res.text()).toContain("Another account already uses this address.");
      } finally {
        await sql`drop trigger rival_sign_up on accounts`.execute(s.latent.db);
        await sql`drop function rival_sign_up()`.execute(s.latent.db);
      }
      expect((await s.api("/api/account", { token: me.token })).body).toMatchObject({ email: me.email });
      expect((await outbox(s, me.email)).filter((m) => /has changed/.test(m.subject))).toEqual([]);
    });
    it("tells nobody of a change when the account went away while its link was being opened", async () => {
      const me = await account(s);
      const wanted = `vanished-${me.email}`;
      await s.api("/api/account/email", { method: "POST", token: me.token, body: { new_email: wanted, password: PASSWORD } });
      const link = linkIn((await mailTo(s, wanted, /new email/)).text, "email");
      // The account is found, then its row no longer takes the update (as when it is deleted meanwhile): a trigger
      // that skips the write plays the race.
      await sql`create function vanish_account() returns trigger language plpgsql as $$ begin return null; end $$`.execute(s.latent.db);
      await sql`create trigger vanish_account before update of email on accounts for each row
        when (old.id = ${sql.lit(me.id)}) execute function vanish_account()`.execute(s.latent.db);
      try {
        const res = await browser(s.base).request(link);
        expect(res.status).toBe(400);
      } finally {
        await sql`drop trigger vanish_account on accounts`.execute(s.latent.db);
        await sql`drop function vanish_account()`.execute(s.latent.db);
      }
      expect((await outbox(s, me.email)).filter((m) => /has changed/.test(m.subject))).toEqual([]);
    });
  });

  describe("two-factor sign-in", () => {
    it("refuses to set it up for a token whose sign-in account is gone, and stores nothing", async () => {
      const token = await s.token();
      const res = await s.api("/api/account/totp/setup", { method: "POST", token });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("unauthorized");
    });

    it("keeps each account's secret sealed to that account: a sealed secret moved to another account opens nothing", async () => {
      const owner = await account(s);
      const { secret } = await withTotp(s, owner.token);
      const other = await account(s);
      await withTotp(s, other.token);
      const sealed = await s.latent.db
        .selectFrom("accounts")
        .select("totp_secret_sealed")
        .where("id", "=", owner.id)
        .executeTakeFirstOrThrow();
      await s.latent.db.updateTable("accounts").set({ totp_secret_sealed: sealed.totp_secret_sealed }).where("id", "=", other.id).execute();
      // A code from the owner's secret, offered for the other account, does not pass its second factor.
      const code = totpCode(secret, timeStep(Date.now()) + 1);
      const res = await s.api("/api/account/recovery-codes", { method: "POST", token: other.token, body: { password: PASSWORD, code } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("totp-invalid");
    });

    /** Five wrong codes in a row: the fifth pauses the account's codes and mails its owner. */
    const fiveWrongCodes = async (token: string) => {
      for (let i = 0; i < 5; i++) {
        const res = await s.api("/api/account/recovery-codes", { method: "POST", token, body: { password: PASSWORD, code: "000000" } });
        expect(res.body.error).toBe("totp-invalid");
      }
    };

    it("tells the owner in their language, after the fifth wrong code, for how long codes are paused", async () => {
      const me = await account(s, { locale: "fr-FR" });
      await withTotp(s, me.token);
      await fiveWrongCodes(me.token);
      const notice = await mailTo(s, me.email, /suspendus/);
      expect(notice.text).toContain("pendant les 10 prochaines minutes");
      expect(notice.text).toContain("/auth/forgot?lang=fr-FR");
    });

    it("tells an account without a language in English, with a bare link to the forgotten-password page", async () => {
      const me = await account(s, { locale: null });
      await withTotp(s, me.token);
      await fiveWrongCodes(me.token);
      const notice = await mailTo(s, me.email, /^Two-factor codes for your Latent account are paused$/);
      expect(notice.text).toContain("for the next 10 minutes");
      expect(notice.text).toMatch(/change it now \(https?:\/\/[^/\s]+\/auth\/forgot\)/);
    });

    it("gives a QR code the phone can scan: an SVG image of the setup address", async () => {
      const me = await account(s);
      const setup = await s.api("/api/account/totp/setup", { method: "POST", token: me.token });
      const [, base64] = /^data:image\/svg\+xml;base64,(.+)$/.exec(setup.body.qr_code)!;
      const svg = Buffer.from(base64!, "base64").toString("utf8");
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(svg.trimEnd()).toMatch(/<\/svg>$/);
    });

    it("takes no code on a second step begun before two-factor sign-in was turned off, and counts none as wrong", async () => {
      const me = await account(s);
      const { codes } = await withTotp(s, me.token);
      const attempt = await signIn(s, me.email, PASSWORD);
      const ticket = /name="ticket" value="([^"]+)"/.exec(await attempt.res.text())![1]!;
      const off = await s.api("/api/account/totp/disable", {
        method: "POST",
        token: me.token,
        body: { password: PASSWORD, code: codes[0]! },
      });
      expect(off.status).toBe(204);
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await attempt.b.form(`${attempt.interaction}/second-factor`, { ticket, code: "000000" })).status);
      }
      expect(statuses).toEqual(Array(6).fill(401));
      // A new sign-in asks for the password alone.
      expect((await signIn(s, me.email, PASSWORD)).res.status).toBe(303);
    });

    it("takes codes of a secret an earlier release stored, so two-factor sign-in survives an upgrade", async () => {
      // A server of its own, under the SECRET_KEY the secret was sealed with.
      const fresh = await startServer(kind, { SECRET_KEY: STORED_TOTP.secretKey });
      try {
        const id = STORED_TOTP.accountId;
        const email = `${id}@example.com`;
        await fresh.latent.identity.accounts!.create({ id, email, password: PASSWORD, role: "user", locale: "en-US", emailVerified: true });
        await fresh.latent.db.updateTable("accounts").set({ totp_secret_sealed: STORED_TOTP.sealed }).where("id", "=", id).execute();
        const token = await fresh.token({ sub: id, email });
        const code = totpCode(STORED_TOTP.secret, timeStep(Date.now()));
        const renewed = await fresh.api("/api/account/recovery-codes", { method: "POST", token, body: { password: PASSWORD, code } });
        expect(renewed.status).toBe(200);
        expect(renewed.body.recovery_codes).toHaveLength(10);
      } finally {
        await fresh.close();
      }
    });

    it("refuses to turn two-factor sign-in on without a set-up secret", async () => {
      const me = await account(s);
      const res = await s.api("/api/account/totp/enable", { method: "POST", token: me.token, body: { code: "123456" } });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("totp-not-pending");
    });

    it("asks for a code to turn it off, and once off keeps no recovery codes and asks for none", async () => {
      const me = await account(s);
      const { codes } = await withTotp(s, me.token);
      const noCode = await s.api("/api/account", { method: "DELETE", token: me.token, body: { password: PASSWORD } });
      expect(noCode.status).toBe(403);
      expect(noCode.body.error).toBe("totp-required");
      // Recovery codes are taken in any capitals and without their dash.
      const off = await s.api("/api/account/totp/disable", {
        method: "POST",
        token: me.token,
        body: { password: PASSWORD, code: ` ${codes[0]!.replace("-", "").toUpperCase()} ` },
      });
      expect(off.status).toBe(204);
      expect((await s.api("/api/account", { token: me.token })).body).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
      const stale = await s.api("/api/account/totp/enable", { method: "POST", token: me.token, body: { code: "123456" } });
      expect(stale.body.error).toBe("totp-not-pending");
      const renew = await s.api("/api/account/recovery-codes", {
        method: "POST",
        token: me.token,
        body: { password: PASSWORD, code: codes[1]! },
      });
      expect(renew.status).toBe(409);
      expect(renew.body.error).toBe("totp-not-pending");
      expect((await signIn(s, me.email, PASSWORD)).res.status).toBe(303);
    });
  });

  describe("sessions", () => {
    it("shows when a session last got tokens, no earlier than it started", async () => {
      const { tokens } = await signUp(s, `seen-${randomUUID()}@example.com`);
      expect((await refresh(s, tokens.refresh_token)).status).toBe(200);
      const [session] = (await s.api("/api/account/sessions", { token: tokens.access_token })).body;
      expect(session.last_seen_at).toEqual(expect.any(String));
      expect(new Date(session.last_seen_at).getTime()).toBeGreaterThanOrEqual(new Date(session.created_at).getTime());
    });

    it("leaves out a session whose grant has expired, before its record is cleared away", async () => {
      const email = `expired-${randomUUID()}@example.com`;
      const { tokens: mine } = await signUp(s, email);
      const other = await signIn(s, email, "correct horse battery");
      await other.next(other.res);
      const list = async () =>
        (await s.api("/api/account/sessions", { token: mine.access_token })).body as { id: string; current: boolean }[];
      const before = await list();
      expect(before).toHaveLength(2);
      const theirs = before.find((x) => !x.current)!;
      await s.latent.db
        .updateTable("oidc_payloads")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("type", "=", "Grant")
        .where("id", "=", theirs.id)
        .execute();
      expect((await list()).map((x) => x.id)).toEqual([before.find((x) => x.current)!.id]);
    });

    it("names a paired Lightroom Classic beside the web app's sessions", async () => {
      const { tokens } = await signUp(s, `lightroom-${randomUUID()}@example.com`);
      await pairLightroom(s, tokens.access_token);
      const sessions = (await s.api("/api/account/sessions", { token: tokens.access_token })).body as {
        client: string;
        current: boolean;
      }[];
      expect(sessions.map((x) => [x.client, x.current]).sort()).toEqual([
        ["Latent web", true],
        ["Lightroom Classic", false],
      ]);
    });
  });

  describe("deleting the account", () => {
    it("ends its sign-in: the password, the sessions and the address are free of it", async () => {
      const email = `leaving-${randomUUID()}@example.com`;
      const { tokens } = await signUp(s, email);
      const gone = await s.api("/api/account", { method: "DELETE", token: tokens.access_token, body: { password: PASSWORD } });
      expect(gone.status).toBe(204);
      expect((await s.api("/api/user", { token: tokens.access_token })).status).toBe(401);
      expect((await refresh(s, tokens.refresh_token)).status).toBe(400);
      expect((await signIn(s, email, PASSWORD)).res.status).toBe(401);
      // The address can make a new account.
      await signUp(s, email, "another passphrase entirely");
    });
  });
});
