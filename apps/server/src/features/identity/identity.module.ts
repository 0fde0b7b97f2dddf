import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createTokenVerifier, type TokenVerifier } from "../../platform/identity/verify-token.ts";
import type { ModuleContext, Platform } from "../../platform/modules/module-context.ts";
import { accountRoutes } from "./account.routes.ts";
import { createAccountService } from "./account.service.ts";
import { type Accounts, createAccounts } from "./accounts.ts";
import { createDevicePairing, type DevicePairing } from "./pairing/device-pairing.ts";
import { createTokenMinter, type TokenMinter } from "./provider/access-tokens.ts";
import { devTokenRoutes, ensureDevSecret } from "./provider/dev-token.routes.ts";
import { pruneOidcPayloads } from "./provider/oidc-payloads.store.ts";
import { createProvider, mountProvider } from "./provider/provider.ts";
import { loadIdentitySecrets, publicJwks } from "./provider/signing-keys.ts";
import { type AccountSecurityService, createAccountSecurity } from "./security/account-security.ts";
import { securityPageRoutes } from "./security/security.routes.ts";
import { interactionRoutes } from "./sign-in/interaction.routes.ts";

export interface Identity {
  verify: TokenVerifier;
  /** Only in embedded mode: signs access tokens with the provider's key. */
  mint: TokenMinter | null;
  /** Only in embedded mode: the provider's own accounts (the operator blocks sign-in there). */
  accounts: Accounts | null;
  /** Only in embedded mode: password reset and change, email confirmation, two-factor sign-in, sessions. */
  security: AccountSecurityService | null;
  /** Only in embedded mode: confirms the Lightroom plugin's pairing codes and lists or ends its pairings. */
  pairing: DevicePairing | null;
  /** Only in embedded mode: deletes the provider's expired sessions, grants, codes and tokens (an hourly job). */
  pruneExpired: (() => Promise<number>) | null;
  /**
   * Puts the account's security settings (`account/…`) on the API: the embedded provider's, or 409 identity-external.
   * A second step because the API's guard itself needs `verify`.
   */
  accountApi(ctx: ModuleContext): Promise<void>;
}

/** The platform adapters identity uses: mail for links, cooldowns for limits, the secret that seals TOTP secrets. */
export type IdentityPlatform = Pick<Platform, "config" | "db" | "mailer" | "cooldown" | "secret" | "jobs" | "log" | "callerChecks">;

/**
 * Identity: the embedded OpenID provider with its sign-in, sign-up and account security pages (default), or only
 * token checks against an external provider when OIDC_ISSUER is set. Runs before every other module: the API's
 * guard checks tokens with its `verify`.
 */
export async function identityModule(app: FastifyInstance, platform: IdentityPlatform): Promise<Identity> {
  const { config, db } = platform;
  const id = config.identity;
  const accountApi = (security: AccountSecurityService | null) => async (ctx: ModuleContext) => {
    const account = createAccountService({ security });
    await ctx.api((api) => accountRoutes(api, { account, requireScopes: ctx.requireScopes }));
  };
  if (!id.embedded) {
    securityPageRoutes(app, { security: null });
    return {
      verify: createTokenVerifier({ issuer: id.issuer, audience: id.audience, rolesClaim: id.rolesClaim, jwksUrl: id.jwksUrl }),
      mint: null,
      accounts: null,
      security: null,
      pairing: null,
      pruneExpired: null,
      accountApi: accountApi(null),
    };
  }

  const secrets = await loadIdentitySecrets(db);
  const security = createAccountSecurity({
    db,
    mailer: platform.mailer,
    cooldown: platform.cooldown,
    secret: platform.secret,
    publicUrl: config.publicUrl,
    webClientId: id.clientId,
    log: platform.log,
    changes: platform.callerChecks,
  });
  const provider = createProvider(
    db,
    secrets,
    {
      issuer: id.issuer,
      audience: id.audience,
      clientId: id.clientId,
      rolesClaim: id.rolesClaim,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
    },
    security,
  );
  mountProvider(app, provider);
  const accounts = createAccounts(db);
  interactionRoutes(app, {
    accounts,
    security,
    secret: platform.secret,
    provider,
    registrationOpen: id.registrationOpen,
    signinAttemptsPerMinute: id.signinAttemptsPerMinute,
  });
  securityPageRoutes(app, { security });
  const mint = createTokenMinter(secrets.jwks[0]!, {
    issuer: id.issuer,
    audience: id.audience,
    rolesClaim: id.rolesClaim,
    clientId: id.clientId,
  });
  devTokenRoutes(app, { accounts, mint, secret: await ensureDevSecret(config.dataDir) });
  const verify = createTokenVerifier({
    issuer: id.issuer,
    audience: id.audience,
    rolesClaim: id.rolesClaim,
    jwks: async () => publicJwks(secrets.jwks) as never,
    accountState: security.tokenState,
  });
  const pairing = createDevicePairing(db, provider, { audience: id.audience }, platform.callerChecks);
  // The provider deletes nothing by itself: without this, every ended session, used code and lapsed token stays.
  const pruneExpired = () => pruneOidcPayloads(db);
  platform.jobs.define({
    name: "identity.prune-expired",
    payload: z.object({}),
    schedule: "37 * * * *",
    run: async () => void (await pruneExpired()),
  });
  return { verify, mint, accounts, security, pairing, pruneExpired, accountApi: accountApi(security) };
}
