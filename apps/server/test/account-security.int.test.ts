import { randomBytes, randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOTP_STEP_SECONDS, timeStep, totpCode } from "../src/features/identity/security/totp.ts";
import { authorize, browser, signIn, signUp } from "./embedded-sign-in.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { mailTo } from "./outbox-mail.ts";

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

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://\\S+/auth/${path}/[\\w-]+(\\?lang=[\\w-]+)?`).exec(text);
  expect(match).toBeTruthy();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
};

describe.each(DATABASES)("account security on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Every browser here signs in from 127.0.0.1: the sign-in form's per-minute limit is not what is tested.
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "1000" });
  });
  afterAll(() => s?.close());

  describe("forgotten password", () => {
    it("answers a known and an unknown address with the same page, and mails only the known one", async () => {
      await signUp(s, "known@example.com");
      const known = await browser(s.base).form("/auth/forgot?lang=en-US", { email: "known@example.com" });
      const unknown = await browser(s.base).form("/auth/forgot?lang=en-US", { email: "nobody@example.com" });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      expect((await mailTo(s, "known@example.com", /Reset/)).text).toContain("/auth/reset/");
      const none = await s.latent.db.selectFrom("outbox").select("id").where("to", "=", "nobody@example.com").execute();
      expect(none).toHaveLength(0);
    });

    it("sets the new password once through the link, signs every session out and refuses older access tokens", async () => {
      const { tokens } = await signUp(s, "reset@example.com");
      const account = (await s.latent.identity.accounts!.findByEmail("reset@example.com"))!;
      const devToken = await s.token({ sub: account.id, email: account.email, issuedAt: Math.floor(Date.now() / 1000) - 10 });
      expect((await s.api("/api/user", { token: tokens.access_token })).status).toBe(200);
      expect((await s.api("/api/user", { token: devToken })).status).toBe(200);

      await browser(s.base).form("/auth/forgot", { email: "reset@example.com" });
      const link = linkIn((await mailTo(s, "reset@example.com", /Reset/)).text, "reset");
      const b = browser(s.base);
      expect((await b.request(link)).status).toBe(200);
      const common = await b.form(link, { password: "password123" });
      expect(common.status).toBe(400);
      expect(await common.text()).toContain("too common");
      const done = await b.form(link, { password: "new film, new password" });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Your password has changed");

      expect((await refresh(s, tokens.refresh_token)).status).toBe(400);
      expect((await s.api("/api/user", { token: tokens.access_token })).status).toBe(401);
      expect((await s.api("/api/user", { token: devToken })).status).toBe(401);

      const again = await b.form(link, { password: "another new password" });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("expired or was already used");
      expect((await signIn(s, "reset@example.com", "correct horse battery")).res.status).toBe(401);
      const signedIn = await signIn(s, "reset@example.com", "new film, new password");
      expect(signedIn.res.status).toBe(303);
      const fresh = await signedIn.next(signedIn.res);
      expect((await s.api("/api/user", { token: fresh.access_token })).status).toBe(200);
    });

    it("refuses a forged link and one past its hour with a clear page", async () => {
      await signUp(s, "late@example.com");
      await browser(s.base).form("/auth/forgot", { email: "late@example.com" });
      const link = linkIn((await mailTo(s, "late@example.com", /Reset/)).text, "reset");
      await s.latent.db
        .updateTable("account_links")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("kind", "=", "reset")
        .execute();
      const late = await browser(s.base).request(link);
      expect(late.status).toBe(400);
      expect(await late.text()).toContain("This link does not work");
      const forged = await browser(s.base).form(`/auth/reset/${randomBytes(32).toString("base64url")}`, {
        password: "a fine new password",
      });
      expect(forged.status).toBe(400);
      expect((await signIn(s, "late@example.com", "correct horse battery")).res.status).toBe(303);
    });

    it("limits requests per address", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await browser(s.base).form("/auth/forgot", { email: "flood@example.com" })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  describe("password rule", () => {
    it("refuses a short or common password at sign-up and takes a long uncommon one", async () => {
      const b = browser(s.base);
      const { interaction } = await authorize(s, b, { screen_hint: "signup" });
      const short = await b.form(`${interaction}/signup`, { email: "rule@example.com", password: "Tr1-X!400", role: "user" });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain("at least 10 characters");
      const common = await b.form(`${interaction}/signup`, { email: "rule@example.com", password: "1q2w3e4r5t", role: "user" });
      expect(common.status).toBe(400);
      expect(await common.text()).toContain("too common");
      expect(
        (await b.form(`${interaction}/signup`, { email: "rule@example.com", password: "ilford hp5 at 800", role: "user" })).status,
      ).toBe(303);
    });
  });

  describe("email verification", () => {
    it("lets an unconfirmed account in at once but not buy or claim until the mailed link confirms it", async () => {
      const { tokens } = await signUp(s, "verify@example.com");
      const token = tokens.access_token;
      expect((await s.api("/api/user", { token })).status).toBe(200);
      const checkout = () =>
        s.api("/api/purchases/checkout", { method: "POST", token, body: { mode: "subscription", items: [{ plan: "unlimited" }] } });
      const claim = () => s.api("/api/orders/claim", { method: "POST", token, body: { code: "not-a-real-code" } });
      expect((await checkout()).body.error).toBe("email-not-verified");
      expect((await checkout()).status).toBe(403);
      expect((await claim()).body.error).toBe("email-not-verified");
      expect((await s.api("/api/account", { token })).body).toMatchObject({ provider: "embedded", email_verified: false });

      // The sign-up's mail counts against the cooldown.
      const resend = await s.api("/api/account/verification", { method: "POST", token });
      expect(resend.status).toBe(429);
      expect(resend.body.error).toBe("rate-limited-email");

      const link = linkIn((await mailTo(s, "verify@example.com", /Confirm your email/)).text, "verify");
      const confirmed = await browser(s.base).request(link);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain("Email confirmed");
      expect((await browser(s.base).request(link)).status).toBe(400);

      expect((await s.api("/api/account", { token })).body.email_verified).toBe(true);
      expect((await checkout()).body.error).not.toBe("email-not-verified");
      expect((await claim()).body.error).not.toBe("email-not-verified");
      const again = await signIn(s, "verify@example.com", "correct horse battery");
      expect(decodeJwt((await again.next(again.res)).id_token).email_verified).toBe(true);
    });

    it("answers a test token's own claim for a subject without an account", async () => {
      const token = await s.token({ emailVerified: false });
      const res = await s.api("/api/purchases/checkout", {
        method: "POST",
        token,
        body: { mode: "subscription", items: [{ plan: "unlimited" }] },
      });
      expect(res.body.error).toBe("email-not-verified");
    });
  });

  describe("changing email and password", () => {
    it("moves the account to a new address once it is confirmed there, and tells the old one", async () => {
      const { tokens } = await signUp(s, "old@example.com");
      await signUp(s, "taken@example.com");
      const token = tokens.access_token;
      const wrong = await s.api("/api/account/email", {
        method: "POST",
        token,
        body: { new_email: "new@example.com", password: "not my password" },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe("wrong-password");
      const taken = await s.api("/api/account/email", {
        method: "POST",
        token,
        body: { new_email: "taken@example.com", password: "correct horse battery" },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe("email-taken");
      const asked = await s.api("/api/account/email", {
        method: "POST",
        token,
        body: { new_email: "New@example.com", password: "correct horse battery" },
      });
      expect(asked.status).toBe(202);
      expect((await s.api("/api/account", { token })).body).toMatchObject({ email: "old@example.com", pending_email: "new@example.com" });

      const link = linkIn((await mailTo(s, "new@example.com", /new email/)).text, "email");
      expect((await browser(s.base).request(link)).status).toBe(200);
      expect((await s.api("/api/account", { token })).body).toMatchObject({
        email: "new@example.com",
        pending_email: null,
        email_verified: true,
      });
      expect((await mailTo(s, "old@example.com", /has changed/)).text).toContain("new@example.com");
      expect((await signIn(s, "new@example.com", "correct horse battery")).res.status).toBe(303);
    });

    it("changes the password with the current one, ending the other sessions but not this one", async () => {
      const { tokens: mine } = await signUp(s, "change@example.com");
      const other = await signIn(s, "change@example.com", "correct horse battery");
      const theirs = await other.next(other.res);
      const wrong = await s.api("/api/account/password", {
        method: "POST",
        token: mine.access_token,
        body: { current_password: "wrong guess", new_password: "a brand new passphrase" },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe("wrong-password");
      const short = await s.api("/api/account/password", {
        method: "POST",
        token: mine.access_token,
        body: { current_password: "correct horse battery", new_password: "short" },
      });
      expect(short.body.error).toBe("password-too-short");
      const changed = await s.api("/api/account/password", {
        method: "POST",
        token: mine.access_token,
        body: { current_password: "correct horse battery", new_password: "a brand new passphrase" },
      });
      expect(changed.status).toBe(204);
      expect((await s.api("/api/user", { token: mine.access_token })).status).toBe(200);
      expect((await refresh(s, mine.refresh_token)).status).toBe(200);
      expect((await s.api("/api/user", { token: theirs.access_token })).status).toBe(401);
      expect((await refresh(s, theirs.refresh_token)).status).toBe(400);
      expect((await s.api("/api/account", { token: mine.access_token })).body.password_changed_at).toBeTruthy();
    });
  });

  describe("two-factor sign-in", () => {
    it("asks for a code after the password, refuses a reused one, and takes each recovery code once", async () => {
      const { tokens } = await signUp(s, "totp@example.com");
      const token = tokens.access_token;
      const setup = await s.api("/api/account/totp/setup", { method: "POST", token });
      expect(setup.status).toBe(200);
      const secret: string = setup.body.secret;
      expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Latent:totp@example\.com\?secret=[A-Z2-7]+&issuer=Latent/);
      expect(setup.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      const stored = await s.latent.db
        .selectFrom("accounts")
        .select(["totp_pending_sealed"])
        .where("email", "=", "totp@example.com")
        .executeTakeFirstOrThrow();
      expect(stored.totp_pending_sealed).not.toContain(secret);

      expect((await s.api("/api/account/totp/enable", { method: "POST", token, body: { code: "000000" } })).body.error).toMatch(
        /totp-invalid/,
      );
      // The enabling code's step is used: sign-in takes the next step's code, as a phone would show 30 s later.
      const step = timeStep(Date.now());
      const enabled = await s.api("/api/account/totp/enable", { method: "POST", token, body: { code: totpCode(secret, step) } });
      expect(enabled.status).toBe(200);
      const codes: string[] = enabled.body.recovery_codes;
      expect(codes).toHaveLength(10);
      expect((await s.api("/api/account", { token })).body).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });

      const first = await signIn(s, "totp@example.com", "correct horse battery");
      expect(first.res.status).toBe(200);
      const page = await first.res.text();
      expect(page).toContain("Two-factor sign-in");
      const ticket = /name="ticket" value="([^"]+)"/.exec(page)![1]!;
      const reused = await first.b.form(`${first.interaction}/second-factor`, { ticket, code: totpCode(secret, step) });
      expect(reused.status).toBe(401);
      const ok = await first.b.form(`${first.interaction}/second-factor`, { ticket, code: totpCode(secret, step + 1) });
      expect(ok.status).toBe(303);
      expect((await s.api("/api/user", { token: (await first.next(ok)).access_token })).status).toBe(200);

      const second = await signIn(s, "totp@example.com", "correct horse battery");
      const ticket2 = /name="ticket" value="([^"]+)"/.exec(await second.res.text())![1]!;
      expect(
        (await second.b.form(`${second.interaction}/second-factor`, { ticket: ticket2, code: totpCode(secret, step + 1) })).status,
      ).toBe(401);
      const recovered = await second.b.form(`${second.interaction}/second-factor`, { ticket: ticket2, code: codes[0]!.toUpperCase() });
      expect(recovered.status).toBe(303);
      expect((await s.api("/api/account", { token })).body.recovery_codes_left).toBe(9);

      const third = await signIn(s, "totp@example.com", "correct horse battery");
      const ticket3 = /name="ticket" value="([^"]+)"/.exec(await third.res.text())![1]!;
      expect((await third.b.form(`${third.interaction}/second-factor`, { ticket: ticket3, code: codes[0]! })).status).toBe(401);
      // A ticket belongs to its own sign-in.
      expect((await third.b.form(`${first.interaction}/second-factor`, { ticket: ticket3, code: codes[1]! })).status).toBe(400);

      const renewed = await s.api("/api/account/recovery-codes", {
        method: "POST",
        token,
        body: { password: "correct horse battery", code: codes[2]! },
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.recovery_codes).toHaveLength(10);
      const off = await s.api("/api/account/totp/disable", {
        method: "POST",
        token,
        body: { password: "correct horse battery", code: renewed.body.recovery_codes[0] },
      });
      expect(off.status).toBe(204);
      expect((await signIn(s, "totp@example.com", "correct horse battery")).res.status).toBe(303);
    });

    it("stops accepting codes after five wrong ones, but lets a recovery code in and tells the owner by mail", async () => {
      const { tokens } = await signUp(s, "guess@example.com");
      const token = tokens.access_token;
      const secret = (await s.api("/api/account/totp/setup", { method: "POST", token })).body.secret;
      const step = timeStep(Date.now());
      const enabled = await s.api("/api/account/totp/enable", { method: "POST", token, body: { code: totpCode(secret, step) } });
      const codes: string[] = enabled.body.recovery_codes;
      const attempt = await signIn(s, "guess@example.com", "correct horse battery");
      const ticket = /name="ticket" value="([^"]+)"/.exec(await attempt.res.text())![1]!;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await attempt.b.form(`${attempt.interaction}/second-factor`, { ticket, code: "123456" })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

      // The right code waits out the ten minutes, whoever spent the attempts.
      const right = await attempt.b.form(`${attempt.interaction}/second-factor`, { ticket, code: totpCode(secret, step + 1) });
      expect(right.status).toBe(429);
      expect(await right.text()).toContain("You can still sign in with one of your recovery codes");
      const notice = await mailTo(s, "guess@example.com", /paused/);
      expect(notice.text).toContain("five wrong two-factor codes");
      expect(notice.text).toContain("/auth/forgot");

      const recovered = await attempt.b.form(`${attempt.interaction}/second-factor`, { ticket, code: codes[0]! });
      expect(recovered.status).toBe(303);
      expect((await s.api("/api/user", { token: (await attempt.next(recovered)).access_token })).status).toBe(200);
      const mails = await s.latent.db.selectFrom("outbox").select("subject").where("to", "=", "guess@example.com").execute();
      expect(mails.filter((m) => /paused/.test(m.subject))).toHaveLength(1);
    });
  });

  describe("sessions", () => {
    it("lists the signed-in sessions with their device and ends one", async () => {
      const { tokens: mine } = await signUp(s, "sessions@example.com");
      const other = await signIn(
        s,
        "sessions@example.com",
        "correct horse battery",
        "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      );
      const theirs = await other.next(other.res);
      const list = await s.api("/api/account/sessions", { token: mine.access_token });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      const current = list.body.find((x: { current: boolean }) => x.current);
      const firefox = list.body.find((x: { current: boolean }) => !x.current);
      expect(current).toMatchObject({ client: "Latent web", device: "Chrome on macOS" });
      expect(firefox).toMatchObject({ client: "Latent web", device: "Firefox on Linux" });

      const stranger = await s.token();
      expect((await s.api(`/api/account/sessions/${firefox.id}`, { method: "DELETE", token: stranger })).status).toBe(404);
      expect((await s.api(`/api/account/sessions/${randomUUID()}`, { method: "DELETE", token: mine.access_token })).body.error).toBe(
        "session-not-found",
      );
      expect((await s.api(`/api/account/sessions/${firefox.id}`, { method: "DELETE", token: mine.access_token })).status).toBe(204);
      expect((await s.api("/api/user", { token: theirs.access_token })).status).toBe(401);
      expect((await refresh(s, theirs.refresh_token)).status).toBe(400);
      expect((await s.api("/api/account/sessions", { token: mine.access_token })).body).toHaveLength(1);
      // The ended browser is asked for its password again.
      const { interaction } = await authorize(s, other.b);
      expect(interaction).toMatch(/^\/auth\/interaction\//);
    });
  });
});

/** Decision 0015 and issue 24: reset requests per client address an hour; wrong passwords per account in 10 minutes. */
const PER_ADDRESS = 10;
const WRONG_PASSWORDS = 5;

/** An embedded account made directly, with a token for its subject (no sign-in pages: these tests are about limits). */
async function account(s: TestServer, password = "correct horse battery") {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await s.latent.identity.accounts!.create({ id, email, password, role: "user", locale: "en-US", emailVerified: true });
  const token = await s.token({ sub: id, email });
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { id, email, token, password };
}

/** Runs `body` with the server's clock (every `new Date()` and `Date.now()` of this process) set by the test. */
async function atClock<T>(body: (setClock: (at: number) => void) => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    return await body((at) => vi.setSystemTime(at));
  } finally {
    vi.useRealTimers();
  }
}

describe.each(DATABASES)("account security limits on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "1000" });
  });
  afterAll(() => s?.close());

  it("keeps a reset link working through its last second and refuses it from its 60th minute on", async () => {
    const me = await account(s);
    const requested = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    await atClock(async (setClock) => {
      setClock(requested);
      expect((await browser(s.base).form("/auth/forgot", { email: me.email })).status).toBe(200);
      const link = linkIn((await mailTo(s, me.email, /Reset/)).text, "reset");
      setClock(requested + 59 * 60_000);
      expect((await browser(s.base).request(link)).status).toBe(200);
      setClock(requested + 60 * 60_000 - 1);
      expect((await browser(s.base).request(link)).status).toBe(200);
      setClock(requested + 60 * 60_000);
      const late = await browser(s.base).request(link);
      expect(late.status).toBe(400);
      expect(await late.text()).toContain("This link does not work");
      const tooLate = await browser(s.base).form(link, { password: "a late new password" });
      expect(tooLate.status).toBe(400);
    });
    expect(
      (
        await s.api("/api/account/password", {
          method: "POST",
          token: me.token,
          body: { current_password: "a late new password", new_password: "yet another passphrase" },
        })
      ).body.error,
    ).toBe("wrong-password");
  });

  it("takes ten reset requests an hour from one client address and refuses the eleventh", async () => {
    // A server of its own: the other tests ask for resets from this address too.
    const fresh = await startServer(kind);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < PER_ADDRESS + 1; i++) {
        statuses.push((await browser(fresh.base).form("/auth/forgot", { email: `someone-${i}@example.com` })).status);
      }
      expect(statuses).toEqual([...Array(PER_ADDRESS).fill(200), 429]);
    } finally {
      await fresh.close();
    }
  });

  it("refuses the sixth wrong password of an account with 429, while another account behind the same address goes on", async () => {
    const guessed = await account(s);
    const other = await account(s);
    const change = (who: { token: string }, current: string) =>
      s.api("/api/account/password", {
        method: "POST",
        token: who.token,
        body: { current_password: current, new_password: "a brand new passphrase" },
      });
    // Wrong passwords of both routes count together.
    const answers = [];
    for (let i = 0; i < WRONG_PASSWORDS - 1; i++) answers.push(await change(guessed, `wrong guess ${i}`));
    answers.push(
      await s.api("/api/account/email", { method: "POST", token: guessed.token, body: { new_email: "x@example.com", password: "wrong" } }),
    );
    expect(answers.map((a) => [a.status, a.body.error])).toEqual(Array(WRONG_PASSWORDS).fill([403, "wrong-password"]));

    const refused = await change(guessed, guessed.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "password-attempts-exceeded",
      message: "Too many wrong passwords for this account: wait 10 minutes and try again",
    });
    expect(
      (await s.api("/api/account/email", { method: "POST", token: guessed.token, body: { new_email: "y@example.com", password: "x" } }))
        .status,
    ).toBe(429);

    expect((await change(other, "not it")).body.error).toBe("wrong-password");
    expect((await change(other, other.password)).status).toBe(204);
  });

  it("lets a right password free its attempt, so an owner who mistypes now and then is never shut out", async () => {
    const me = await account(s);
    for (let round = 0; round < WRONG_PASSWORDS + 1; round++) {
      const res = await s.api("/api/account/email", {
        method: "POST",
        token: me.token,
        body: { new_email: `new-${round}-${me.email}`, password: me.password },
      });
      expect(res.status).toBe(202);
    }
  });

  it("limits wrong passwords when deleting an account per account, not per client address", async () => {
    const guessed = await account(s);
    const neighbour = await account(s);
    const remove = (who: { token: string }, password: string) =>
      s.api("/api/account", { method: "DELETE", token: who.token, body: { password } });
    for (let i = 0; i < WRONG_PASSWORDS; i++) expect((await remove(guessed, "wrong")).body.error).toBe("wrong-password");
    expect((await remove(guessed, guessed.password)).body.error).toBe("password-attempts-exceeded");
    // Eleven requests from this address so far: the neighbour still gets answers about their own password.
    for (let i = 0; i < WRONG_PASSWORDS; i++) expect((await remove(neighbour, "wrong")).body.error).toBe("wrong-password");
    expect((await remove(neighbour, "wrong")).status).toBe(429);
    expect((await s.api("/api/user", { token: neighbour.token })).status).toBe(200);
  });

  it("answers the fifth wrong code and refuses the sixth attempt, while another account's codes still work", async () => {
    const withTotp = async () => {
      const who = await account(s);
      const secret: string = (await s.api("/api/account/totp/setup", { method: "POST", token: who.token })).body.secret;
      const step = timeStep(Date.now());
      expect(
        (await s.api("/api/account/totp/enable", { method: "POST", token: who.token, body: { code: totpCode(secret, step) } })).status,
      ).toBe(200);
      return { ...who, secret, step };
    };
    const guessed = await withTotp();
    const other = await withTotp();
    const confirm = (who: { token: string; password: string }, code: string) =>
      s.api("/api/account/recovery-codes", { method: "POST", token: who.token, body: { password: who.password, code } });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await confirm(guessed, "000000"));
    expect(answers.map((a) => [a.status, a.body.error])).toEqual([
      ...Array(5).fill([403, "totp-invalid"]),
      [429, "totp-attempts-exceeded"],
    ]);
    expect((await confirm(guessed, totpCode(guessed.secret, guessed.step + 1))).status).toBe(429);
    expect((await confirm(other, "000000")).body.error).toBe("totp-invalid");
    expect((await confirm(other, totpCode(other.secret, other.step + 1))).status).toBe(200);
  });

  it("takes a code of the step before or after now and refuses two steps away, or a 90-second-old code", async () => {
    const me = await account(s);
    const setup = await s.api("/api/account/totp/setup", { method: "POST", token: me.token });
    const secret: string = setup.body.secret;
    // Half-way through a step a little ahead of the real clock, so the token minted just now is not from the future.
    const now = (timeStep(Date.now()) + 2) * TOTP_STEP_SECONDS * 1000 + 15_000;
    const step = timeStep(now);
    await atClock(async (setClock) => {
      setClock(now - 10 * 60_000);
      const enabled = await s.api("/api/account/totp/enable", {
        method: "POST",
        token: me.token,
        body: { code: totpCode(secret, timeStep(now - 10 * 60_000)) },
      });
      expect(enabled.status).toBe(200);
      setClock(now);
      const confirm = (code: string) =>
        s.api("/api/account/recovery-codes", { method: "POST", token: me.token, body: { password: me.password, code } });
      expect((await confirm(totpCode(secret, step - 2))).body.error).toBe("totp-invalid");
      expect((await confirm(totpCode(secret, step + 2))).body.error).toBe("totp-invalid");
      expect((await confirm(totpCode(secret, timeStep(now - 90_000)))).body.error).toBe("totp-invalid");
      expect((await confirm(totpCode(secret, step - 1))).status).toBe(200);
      expect((await confirm(totpCode(secret, step + 1))).status).toBe(200);
    });
  });
});

describe("account security with an external identity provider", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite", { OIDC_ISSUER: "https://id.example.com/", OIDC_AUDIENCE: "https://api.example.com" });
  });
  afterAll(() => s?.close());

  it("answers every change with identity-external and the pages say where to go", async () => {
    const forgot = await fetch(`${s.base}/auth/forgot?lang=en-US`);
    expect(forgot.status).toBe(409);
    expect(await forgot.text()).toContain("managed by your identity provider");
    expect((await fetch(`${s.base}/auth/reset/abc`)).status).toBe(409);
  });
});
