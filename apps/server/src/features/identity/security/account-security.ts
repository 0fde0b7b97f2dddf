import { randomBytes } from "node:crypto";
import {
  type AccountSecurity,
  type AccountSession,
  RECOVERY_CODE_COUNT,
  RESET_LINK_MINUTES,
  type TotpSetup,
  VERIFICATION_RESEND_SECONDS,
  VERIFY_LINK_HOURS,
} from "@latent/domain/account";
import { DEFAULT_LOCALE } from "@latent/domain/locales";
import { LIGHTROOM_CLIENT_ID } from "@latent/domain/plugins";
import type { Kysely } from "kysely";
import type { Cooldown } from "../../../platform/cooldown/cooldown.ts";
import { createSecretBox } from "../../../platform/crypto/secret-box.ts";
import { newSecretToken, secretTokenHash } from "../../../platform/crypto/secret-token.ts";
import type { AccountsTable, Database } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { translator } from "../../../platform/i18n/translator.ts";
import type { AccountChanges } from "../../../platform/identity/caller-checks.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";
import {
  accountTokenState,
  deleteAccountRow,
  findAccountByEmail,
  findAccountById,
  takeTotpStep,
  updateAccount,
} from "../accounts.store.ts";
import { aliveGrantIds, grantAlive, revokeAccountGrants } from "../provider/oidc-payloads.store.ts";
import {
  consumeLink,
  countRecoveryCodesLeft,
  deleteSessionRecords,
  findUsableLink,
  insertLink,
  listSessionRecords,
  recordSession,
  replaceRecoveryCodes,
  retireLinks,
  touchSession,
  useRecoveryCode,
} from "./account-security.store.ts";
import { type PasswordProblem, passwordProblem } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { matchTotp, newTotpSecret, otpauthUrl } from "./totp.ts";

/** Reset requests: per address and per client address, each an hour long (slots of the cooldown port). */
export const RESET_LIMITS = { perEmail: 3, perIp: 10, windowMs: 3600_000 };
/** Wrong second-factor codes per account before it must wait (ten minutes); a recovery code still works meanwhile. */
export const SECOND_FACTOR_LIMIT = { attempts: 5, windowMs: 600_000 };
/**
 * Wrong passwords per account (changing the password or the email, turning two-factor off, deleting the account)
 * before it must wait ten minutes. Per account, not per client address: people behind one NAT share an address.
 */
export const PASSWORD_LIMIT = { attempts: 5, windowMs: 600_000 };

export interface AccountSecurityDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  cooldown: Cooldown;
  /** The server secret: the TOTP secrets are sealed under a key derived from it. */
  secret: string;
  publicUrl: string;
  /** The web app's client id: its sessions are named "Latent web". */
  webClientId: string;
  log: { warn(details: object, message: string): void };
  /** Told after a change the per-request token checks read (password, confirmation, sessions, deletion). */
  changes: AccountChanges;
  now?: () => Date;
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

/** Recovery codes: ten base32 characters (50 bits) shown as `xxxxx-xxxxx`; compared without case or dashes. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, "");
function newRecoveryCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const chars = [...randomBytes(10)].map((b) => alphabet[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** "Chrome on macOS" from a User-Agent header; the first words of it when nothing is recognised. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const os = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X|Macintosh/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  if (browser && os) return `${browser} on ${os}`;
  // Stryker disable next-line StringLiteral: `split` always gives a first element, so the last default is never reached.
  return (browser ?? os ?? userAgent.split(/[\s/]/)[0] ?? "Unknown device").slice(0, 60);
}

/**
 * The embedded provider's account security (issue 12): password reset, email verification and change, password
 * change, two-factor sign-in with recovery codes, and the signed-in sessions. Links are single-use and kept as
 * SHA-256 hashes; every change of password signs the other sessions out (decision 0015).
 */
export function createAccountSecurity(deps: AccountSecurityDeps) {
  const { db, mailer, cooldown } = deps;
  const now = deps.now ?? (() => new Date());
  const box = createSecretBox(deps.secret, "account-totp");
  const totpContext = (accountId: string) => `account-${accountId}:totp`;

  const accountOrThrow = async (accountId: string) => {
    const account = await findAccountById(db, accountId);
    if (!account) throw new AppError("unauthorized");
    return account;
  };

  /** Takes one of `n` slots of a key; the slot's name, or null when all are taken (n per window). */
  const takeSlot = async (key: string, n: number, windowMs: number) => {
    for (let i = 1; i <= n; i++) if (await cooldown.take(`${key}:${i}`, windowMs)) return `${key}:${i}`;
    return null;
  };

  const link = (path: string, token: string, locale: string | null) =>
    `${deps.publicUrl}/auth/${path}/${token}${locale ? `?lang=${encodeURIComponent(locale)}` : ""}`;

  const createLink = async (account: Account, kind: "reset" | "verify" | "email-change", email: string, ms: number) => {
    const { token, hash } = newSecretToken();
    await retireLinks(db, account.id, kind, now());
    await insertLink(db, { token_hash: hash, account_id: account.id, kind, email, expires_at: new Date(now().getTime() + ms) });
    return token;
  };

  const authTexts = (account: Account) => translator(account.locale ?? DEFAULT_LOCALE, "auth");

  /** A notice mail that fails is logged; the change it tells of stands. */
  // Stryker disable next-line all: only an operator's log line; no reply or stored row depends on it.
  const mailFailed = (what: string) => (err: Error) => deps.log.warn({ error: err.message }, `${what} failed`);

  /** `next`: a path of the site (already checked) the confirmation page offers to go back to. */
  const sendVerificationMail = async (account: Account, next: string | null = null) => {
    const t = authTexts(account);
    const token = await createLink(account, "verify", account.email, VERIFY_LINK_HOURS * 3600_000);
    const url = link("verify", token, account.locale);
    // Stryker disable next-line StringLiteral: only a sign-up passes `next`, and it always stores a language, so the link has `?lang=` already.
    const withNext = next ? `${url}${url.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}` : url;
    await mailer.send({
      to: account.email,
      subject: t("mail.verify.subject"),
      text: t("mail.verify.text", { link: withNext, hours: VERIFY_LINK_HOURS }),
    });
  };

  /** The account's password; the slot is taken before hashing, so a burst of guesses costs at most `attempts` hashes. */
  const passwordOrThrow = async (account: Account, password: string) => {
    const slot = await takeSlot(`password:${account.id}`, PASSWORD_LIMIT.attempts, PASSWORD_LIMIT.windowMs);
    if (!slot) throw new AppError("password-attempts-exceeded");
    if (!(await verifyPassword(password, account.password_hash))) throw new AppError("wrong-password");
    await cooldown.release(slot);
  };

  /** Tells the owner that wrong codes paused two-factor sign-in: whoever typed them knows the password. */
  const sendSecondFactorLockedMail = (account: Account) => {
    const t = authTexts(account);
    const forgot = `${deps.publicUrl}/auth/forgot${account.locale ? `?lang=${encodeURIComponent(account.locale)}` : ""}`;
    mailer
      .send({
        to: account.email,
        subject: t("mail.secondFactorLocked.subject"),
        text: t("mail.secondFactorLocked.text", { minutes: SECOND_FACTOR_LIMIT.windowMs / 60_000, link: forgot }),
      })
      // Stryker disable next-line StringLiteral: the log line's words.
      .catch(mailFailed("second-factor lockout notice"));
  };

  const newPasswordOrThrow = (password: string) => {
    const problem = passwordProblem(password);
    if (problem) throw new AppError(problem);
  };

  /**
   * A TOTP code (each step once) or an unused recovery code; wrong codes are limited per account. Anyone with the
   * password can use up the limit, so a right recovery code is taken even then (50 random bits: guessing one is
   * hopeless), and the owner is told by mail when the last attempt is spent.
   */
  const secondFactorOk = async (account: Account, code: string): Promise<boolean> => {
    if (!account.totp_secret_sealed) return false;
    const recovery = normalizeRecovery(code);
    // Stryker disable next-line Regex: a string of another length has no stored hash, so the lookup fails and the TOTP path runs as before.
    if (/^[a-z2-7]{10}$/.test(recovery) && (await useRecoveryCode(db, account.id, secretTokenHash(recovery), now()))) return true;
    const key = `second-factor:${account.id}`;
    const slot = await takeSlot(key, SECOND_FACTOR_LIMIT.attempts, SECOND_FACTOR_LIMIT.windowMs);
    if (!slot) throw new AppError("totp-attempts-exceeded");
    let secret: string;
    try {
      secret = box.open(account.totp_secret_sealed, totpContext(account.id));
    } catch {
      // Sealed for another account (a row copied over) or under another key: no code can match it.
      // Stryker disable next-line all: only an operator's log line.
      deps.log.warn({ account: account.id }, "the two-factor secret does not open for this account");
      return false;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a step used before is refused by takeTotpStep in the database as well.
    const last = account.totp_last_step === null ? null : Number(account.totp_last_step);
    const step = matchTotp(secret, code, now().getTime(), last);
    if (step !== null && (await takeTotpStep(db, account.id, step))) {
      await cooldown.release(slot);
      return true;
    }
    if (slot === `${key}:${SECOND_FACTOR_LIMIT.attempts}`) sendSecondFactorLockedMail(account);
    return false;
  };

  const newRecoveryCodes = async (accountId: string) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      db,
      accountId,
      codes.map((c) => secretTokenHash(normalizeRecovery(c))),
    );
    return { recovery_codes: codes };
  };

  /** Sets a new password; signs out every session but `keepGrant`, and refuses access tokens issued before now. */
  const setPassword = async (account: Account, password: string, keepGrant: string | null) => {
    const at = now();
    await updateAccount(db, account.id, { password_hash: await hashPassword(password), password_changed_at: at, tokens_valid_after: at });
    await retireLinks(db, account.id, "reset", at);
    await deleteSessionRecords(db, await revokeAccountGrants(db, account.id, { keep: keepGrant }));
    deps.changes.account(account.id);
  };

  /**
   * The password, and a second-factor code when two-factor sign-in is on: what a grave change (turning two-factor
   * off, deleting the account) asks for. 403 `wrong-password`, `totp-required`, `totp-invalid`.
   */
  const confirmIdentity = async (accountId: string, password: string, code?: string) => {
    const account = await accountOrThrow(accountId);
    await passwordOrThrow(account, password);
    if (account.totp_secret_sealed) {
      if (!code) throw new AppError("totp-required");
      if (!(await secondFactorOk(account, code))) throw new AppError("totp-invalid");
    }
    return account;
  };

  const resetLinkUsable = async (token: string) => (await findUsableLink(db, secretTokenHash(token), "reset", now())) !== undefined;

  return {
    /** GET account: where the account's security stands. */
    async summary(accountId: string): Promise<AccountSecurity> {
      const account = await accountOrThrow(accountId);
      return {
        provider: "embedded",
        email: account.email,
        email_verified: account.email_verified,
        pending_email: account.pending_email,
        totp_enabled: account.totp_secret_sealed !== null,
        recovery_codes_left: account.totp_secret_sealed ? await countRecoveryCodesLeft(db, accountId) : 0,
        password_changed_at: account.password_changed_at ? new Date(account.password_changed_at).toISOString() : null,
      };
    },

    /**
     * "Forgot your password?": mails a one-hour, single-use link when the address has an account. The answer is the
     * same either way, and the mail is sent after it, so neither words nor timing tell whether the account exists.
     * False when the address or the client has asked too often.
     */
    async requestReset(email: string, ip: string): Promise<boolean> {
      const address = email.trim().toLowerCase();
      // Hashed as a secret is, so the cooldown store holds no readable address.
      const byEmail = await takeSlot(`reset-email:${secretTokenHash(address)}`, RESET_LIMITS.perEmail, RESET_LIMITS.windowMs);
      const byIp = byEmail ? await takeSlot(`reset-ip:${ip}`, RESET_LIMITS.perIp, RESET_LIMITS.windowMs) : null;
      if (!byEmail || !byIp) {
        // Stryker disable next-line ConditionalExpression: releasing no slot does nothing.
        if (byEmail) await cooldown.release(byEmail);
        return false;
      }
      const send = async () => {
        const account = await findAccountByEmail(db, address);
        if (!account || account.blocked) return;
        const t = authTexts(account);
        const token = await createLink(account, "reset", account.email, RESET_LINK_MINUTES * 60_000);
        await mailer.send({
          to: account.email,
          subject: t("mail.reset.subject"),
          text: t("mail.reset.text", { link: link("reset", token, account.locale), minutes: RESET_LINK_MINUTES }),
        });
      };
      // Stryker disable next-line StringLiteral: the log line's words.
      send().catch(mailFailed("password reset mail"));
      return true;
    },

    /** Whether a reset link can still be used (the page shows its form only then). */
    resetLinkUsable,

    /** Sets the password from a reset link, once; every session of the account ends. */
    async resetPassword(token: string, password: string): Promise<"done" | "invalid" | PasswordProblem> {
      const problem = passwordProblem(password);
      if (problem) return (await resetLinkUsable(token)) ? problem : "invalid";
      const used = await consumeLink(db, secretTokenHash(token), "reset", now());
      if (!used) return "invalid";
      const account = await findAccountById(db, used.account_id);
      if (!account || account.email !== used.email) return "invalid";
      await setPassword(account, password, null);
      return "done";
    },

    /** Sends the confirmation link to the account's address, at most once per VERIFICATION_RESEND_SECONDS. */
    async sendVerification(accountId: string) {
      const account = await accountOrThrow(accountId);
      if (account.email_verified) return;
      if (!(await cooldown.take(`verify-mail:${accountId}`, VERIFICATION_RESEND_SECONDS * 1000))) throw new AppError("rate-limited-email");
      await sendVerificationMail(account);
    },

    /** Confirms the address a verification link was sent to, if it is still the account's. */
    async confirmEmail(token: string): Promise<boolean> {
      const used = await consumeLink(db, secretTokenHash(token), "verify", now());
      if (!used) return false;
      const account = await findAccountById(db, used.account_id);
      if (!account || account.email !== used.email) return false;
      await updateAccount(db, account.id, { email_verified: true });
      deps.changes.account(account.id);
      return true;
    },

    /** POST account/password: the current password, a new one by the rule; other sessions end, this one stays. */
    async changePassword(accountId: string, current: string, next: string, currentGrant: string | null) {
      const account = await accountOrThrow(accountId);
      await passwordOrThrow(account, current);
      newPasswordOrThrow(next);
      await setPassword(account, next, currentGrant);
    },

    /** POST account/email: a confirmation link to the new address; the email changes once it is opened. */
    async requestEmailChange(accountId: string, newEmail: string, password: string) {
      const account = await accountOrThrow(accountId);
      await passwordOrThrow(account, password);
      // Stryker disable next-line MethodExpression: the request schema trims, and the store compares addresses without case.
      const address = newEmail.trim().toLowerCase();
      // Stryker disable next-line ConditionalExpression: the lookup that follows finds the account's own address too, and answers email-taken alike.
      if (address === account.email || (await findAccountByEmail(db, address))) throw new AppError("email-taken");
      await updateAccount(db, account.id, { pending_email: address });
      const t = authTexts(account);
      const token = await createLink(account, "email-change", address, VERIFY_LINK_HOURS * 3600_000);
      await mailer.send({
        to: address,
        subject: t("mail.emailChange.subject"),
        text: t("mail.emailChange.text", { link: link("email", token, account.locale), hours: VERIFY_LINK_HOURS }),
      });
    },

    /** Opens an email-change link: the account takes the new (now confirmed) address, and the old one is told. */
    async confirmEmailChange(token: string): Promise<"changed" | "invalid" | "taken"> {
      const used = await consumeLink(db, secretTokenHash(token), "email-change", now());
      // Stryker disable next-line StringLiteral: the page shows every outcome but changed and taken as the invalid link, with 400.
      if (!used) return "invalid";
      const account = await findAccountById(db, used.account_id);
      // Stryker disable next-line all: asking for another address retires the older link, and a deleted account's links go with it.
      if (!account || account.pending_email !== used.email) return "invalid";
      // Stryker disable next-line ConditionalExpression: the unique index answers taken when this lookup would have (the catch below).
      if (await findAccountByEmail(db, used.email)) return "taken";
      let changed: Awaited<ReturnType<typeof updateAccount>>;
      try {
        changed = await updateAccount(db, account.id, { email: used.email, email_verified: true, pending_email: null });
        deps.changes.account(account.id);
      } catch {
        return "taken"; // the unique index: another account took the address meanwhile
      }
      if (!changed) return "invalid";
      const t = authTexts(account);
      await mailer
        .send({ to: account.email, subject: t("mail.emailChanged.subject"), text: t("mail.emailChanged.text", { email: used.email }) })
        // Stryker disable next-line StringLiteral: the log line's words.
        .catch(mailFailed("email change notice"));
      return "changed";
    },

    /** POST account/totp/setup: a new secret, pending until a code from it turns two-factor on. */
    async totpSetup(accountId: string): Promise<TotpSetup> {
      const account = await accountOrThrow(accountId);
      const secret = newTotpSecret();
      await updateAccount(db, accountId, { totp_pending_sealed: box.seal(secret, totpContext(accountId)) });
      const url = otpauthUrl(secret, account.email);
      // Loaded when someone first sets up two-factor sign-in, not by every server at start.
      const { default: QRCode } = await import("qrcode");
      const svg = await QRCode.toString(url, { type: "svg", margin: 1 });
      return { secret, otpauth_url: url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
    },

    /** POST account/totp/enable: a code of the pending secret turns two-factor on; answers new recovery codes. */
    async totpEnable(accountId: string, code: string) {
      const account = await accountOrThrow(accountId);
      if (!account.totp_pending_sealed) throw new AppError("totp-not-pending");
      const secret = box.open(account.totp_pending_sealed, totpContext(accountId));
      const step = matchTotp(secret, code, now().getTime(), null);
      if (step === null) throw new AppError("totp-invalid");
      await updateAccount(db, accountId, {
        totp_secret_sealed: account.totp_pending_sealed,
        totp_pending_sealed: null,
        totp_last_step: step,
      });
      return newRecoveryCodes(accountId);
    },

    /** POST account/totp/disable: the password and a current code (or a recovery code). */
    async totpDisable(accountId: string, password: string, code: string) {
      const account = await confirmIdentity(accountId, password, code);
      await updateAccount(db, account.id, { totp_secret_sealed: null, totp_pending_sealed: null, totp_last_step: null });
      // Stryker disable next-line ArrayDeclaration: codes are counted only while two-factor is on, and turning it on replaces them all.
      await replaceRecoveryCodes(db, account.id, []);
    },

    /** POST account/recovery-codes: ten new codes replace the old ones. */
    async regenerateRecoveryCodes(accountId: string, password: string, code: string) {
      const account = await confirmIdentity(accountId, password, code);
      if (!account.totp_secret_sealed) throw new AppError("totp-not-pending");
      return newRecoveryCodes(accountId);
    },

    confirmIdentity,

    /** The account-data feature's gate: the password, and a code when two-factor sign-in is on. */
    async confirmSecret(accountId: string, password: string, code?: string) {
      await confirmIdentity(accountId, password, code);
    },

    /** Deletes the sign-in account: its grants, tokens and browser sessions, then the row (links and codes follow). */
    async deleteAccount(accountId: string) {
      await deleteSessionRecords(db, await revokeAccountGrants(db, accountId));
      await deleteAccountRow(db, accountId);
      deps.changes.account(accountId);
    },

    /** Whether an account must give a second factor at sign-in. */
    needsSecondFactor: (account: Pick<AccountsTable, "totp_secret_sealed">) => account.totp_secret_sealed !== null,

    /** The sign-in page's second step; throws `totp-attempts-exceeded` after too many wrong codes. */
    async checkSecondFactor(accountId: string, code: string): Promise<boolean> {
      return secondFactorOk(await accountOrThrow(accountId), code);
    },

    /** After sign-up: the first confirmation mail (it counts against the resend cooldown), leading back to `next`. */
    async welcome(accountId: string, next: string | null = null) {
      const account = await accountOrThrow(accountId);
      await cooldown.take(`verify-mail:${accountId}`, VERIFICATION_RESEND_SECONDS * 1000);
      await sendVerificationMail(account, next);
    },

    /** GET account/sessions. */
    async sessions(accountId: string, currentGrant: string | null): Promise<AccountSession[]> {
      const alive = await aliveGrantIds(db, accountId, now());
      const rows = (await listSessionRecords(db, accountId)).filter((r) => alive.has(r.grant_id));
      return rows.map((r) => ({
        id: r.grant_id,
        // Stryker disable next-line ConditionalExpression: the provider has two clients only, the web and Lightroom Classic.
        client: r.client_id === deps.webClientId ? "Latent web" : r.client_id === LIGHTROOM_CLIENT_ID ? "Lightroom Classic" : r.client_id,
        device: deviceName(r.user_agent),
        created_at: new Date(r.created_at).toISOString(),
        last_seen_at: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
        current: r.grant_id === currentGrant,
      }));
    },

    /** DELETE account/sessions/{id}: that session's grant, refresh tokens and browser session end. */
    async endSession(accountId: string, grantId: string) {
      const ended = await revokeAccountGrants(db, accountId, { only: grantId });
      if (!ended.length) throw new AppError("session-not-found");
      deps.changes.grants(ended);
      await deleteSessionRecords(db, ended);
    },

    /** The provider's hooks: where a grant started, and when its tokens were last refreshed. */
    recordSession: (s: { grant_id: string; account_id: string; client_id: string; user_agent: string | null }) => recordSession(db, s),
    touchSession: (grantId: string) => touchSession(db, grantId, now()),

    /** The provider's storage ended these grants (a sign-out through the provider, a revoked refresh token). */
    // Stryker disable next-line BlockStatement: the write that ends the grant already makes every kept token check stale.
    grantsEnded(grantIds: string[]) {
      deps.changes.grants(grantIds);
    },

    /** What the token check reads per request: the confirmed email, the password-change cut-off, the grant. */
    async tokenState(accountId: string, grantId: string | null) {
      const state = await accountTokenState(db, accountId);
      if (!state) return undefined;
      return {
        emailVerified: state.email_verified,
        tokensValidAfter: state.tokens_valid_after ? new Date(state.tokens_valid_after) : null,
        // Stryker disable next-line ConditionalExpression: the lookup of a null id answers false, and no token without a grant reads it.
        grantAlive: grantId === null ? null : await grantAlive(db, grantId, now()),
      };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurity>;
