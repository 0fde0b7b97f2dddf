import { z } from "zod";

/**
 * The signed-in person's account security and data (issue 12). With the embedded identity provider the product
 * answers these itself; with an external provider they are that provider's job (409 `identity-external`).
 */

/** NIST 800-63B: length, no composition rules, and not a known common or breached password. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** A reset link works once and for one hour; a verification or email-change link for a day. */
export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 24;
/** Seconds between two verification mails to one account. */
export const VERIFICATION_RESEND_SECONDS = 60;
export const RECOVERY_CODE_COUNT = 10;
/** How long a finished data export can be downloaded. */
export const EXPORT_LINK_DAYS = 7;
/**
 * How long the archive's link works once handed to the signed-in owner (`GET account/export` mints a fresh one each
 * time): the archive is kept for days, its link only for minutes, so a link that leaks opens nothing for long.
 */
export const EXPORT_DOWNLOAD_LINK_MINUTES = 10;

export const AccountSecuritySchema = z.object({
  provider: z.enum(["embedded", "external"]),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  /** An email change waiting for its confirmation at the new address. */
  pending_email: z.string().nullable(),
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  password_changed_at: z.string().nullable(),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

const Password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const Code = z.string().trim().min(6).max(20);

export const ChangePasswordSchema = z.object({ current_password: Password, new_password: Password });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ChangeEmailSchema = z.object({ new_email: z.email().max(254), password: Password });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

/** POST account/totp/setup: a new secret to scan, pending until a code from it is confirmed. */
export const TotpSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL ready for an <img>. */
  qr_code: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const TotpCodeSchema = z.object({ code: Code });
/** Turning two-factor off, or making new recovery codes: the password and a current code (or a recovery code). */
export const TotpConfirmSchema = z.object({ password: Password, code: Code });
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** One signed-in session (a browser, the Lightroom plugin…), which the person may end from the profile. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  client: z.string(),
  /** The device as its browser or app names itself, shortened (e.g. "Chrome on macOS"). */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionsSchema = z.array(AccountSessionSchema);

export const EXPORT_STATUSES = ["none", "queued", "running", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** GET account/export: the latest "download all my data" archive and where it stands. */
export const DataExportSchema = z.object({
  status: z.enum(EXPORT_STATUSES),
  /** 0–100 while it is being built. */
  progress: z.number().int(),
  /** The archive's link once ready: signed, minted for the signed-in owner, it works EXPORT_DOWNLOAD_LINK_MINUTES. */
  url: z.string().nullable(),
  size: z.number().nullable(),
  created_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** DELETE account: the password, and a two-factor code when two-factor sign-in is on. */
export const DeleteAccountSchema = z.object({ password: Password, code: Code.optional() });
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
