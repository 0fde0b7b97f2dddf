import { AppError } from "../../platform/http/app-error.ts";

/**
 * What deleting an account asks of identity, which owns the sign-in account (the embedded provider's accounts,
 * sessions and tokens, or an external provider's).
 */
export interface AccountGate {
  /**
   * Resolves when `password` (and `code`, a current TOTP or recovery code, when two-factor sign-in is on) proves the
   * person is the account's owner; otherwise throws AppError `wrong-password`, `totp-required`, `totp-invalid`, or
   * `identity-external` when an external provider manages sign-in.
   */
  confirmSecret(userId: string, password: string, code?: string): Promise<void>;
  /** Deletes the sign-in account with its sessions, grants, tokens and links; one that does not exist is no error. */
  deleteAccount(userId: string): Promise<void>;
}

/**
 * The gate when an external provider manages sign-in: the product cannot check the password (the person deletes
 * there, or asks the operator), and the external account is that provider's to delete.
 */
export const externalAccountGate: AccountGate = {
  async confirmSecret() {
    throw new AppError("identity-external");
  },
  async deleteAccount() {},
};
