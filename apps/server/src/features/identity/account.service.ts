import type { AccountSecurity } from "@latent/domain/account";
import { AppError } from "../../platform/http/app-error.ts";
import type { Caller } from "../../platform/identity/verify-token.ts";
import type { AccountSecurityService } from "./security/account-security.ts";

/**
 * The signed-in person's account security (issue 12). The embedded provider answers it; with an external provider
 * only the summary is ours to give, and every change is that provider's (409 `identity-external`).
 */
export function createAccountService(deps: { security: AccountSecurityService | null }) {
  const embedded = () => {
    if (!deps.security) throw new AppError("identity-external");
    return deps.security;
  };

  return {
    /** GET account. */
    async summary(caller: Caller): Promise<AccountSecurity> {
      if (!deps.security) {
        return {
          provider: "external",
          email: caller.email,
          email_verified: caller.emailVerified,
          pending_email: null,
          totp_enabled: false,
          recovery_codes_left: 0,
          password_changed_at: null,
        };
      }
      return deps.security.summary(caller.sub);
    },
    /** POST account/verification: the confirmation mail again. */
    sendVerification: (caller: Caller) => embedded().sendVerification(caller.sub),
    /** POST account/password: other sessions end, the caller's stays. */
    changePassword: (caller: Caller, current: string, next: string) => embedded().changePassword(caller.sub, current, next, caller.grantId),
    /** POST account/email. */
    changeEmail: (caller: Caller, newEmail: string, password: string) => embedded().requestEmailChange(caller.sub, newEmail, password),
    totpSetup: (caller: Caller) => embedded().totpSetup(caller.sub),
    totpEnable: (caller: Caller, code: string) => embedded().totpEnable(caller.sub, code),
    totpDisable: (caller: Caller, password: string, code: string) => embedded().totpDisable(caller.sub, password, code),
    recoveryCodes: (caller: Caller, password: string, code: string) => embedded().regenerateRecoveryCodes(caller.sub, password, code),
    /** GET account/sessions. */
    sessions: (caller: Caller) => embedded().sessions(caller.sub, caller.grantId),
    /** DELETE account/sessions/{id}. */
    endSession: (caller: Caller, id: string) => embedded().endSession(caller.sub, id),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
