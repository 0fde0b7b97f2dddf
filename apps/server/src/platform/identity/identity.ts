import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Cooldown } from "../cooldown/cooldown.ts";
import type { Database } from "../db/schema.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AccountChanges } from "./caller-checks.ts";
import { createTokenMinter, type TokenMinter } from "./embedded/access-tokens.ts";
import { type AccountSecurityService, createAccountSecurity } from "./embedded/account-security.ts";
import { type Accounts, createAccounts } from "./embedded/accounts.ts";
import { devTokenRoutes, ensureDevSecret } from "./embedded/dev-token.routes.ts";
import { createDevicePairing, type DevicePairing } from "./embedded/device-pairing.ts";
import { interactionRoutes } from "./embedded/interaction.routes.ts";
import { pruneOidcPayloads } from "./embedded/oidc-payloads.store.ts";
import { createProvider, mountProvider } from "./embedded/provider.ts";
import { securityPageRoutes } from "./embedded/security.routes.ts";
import { loadIdentitySecrets, publicJwks } from "./embedded/signing-keys.ts";
import { createTokenVerifier, type TokenVerifier } from "./verify-token.ts";

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
}

/** The platform adapters identity uses: mail for links, cooldowns for limits, the secret that seals TOTP secrets. */
export interface IdentityPlatform {
  mailer: Mailer;
  cooldown: Cooldown;
  secret: string;
  log: { warn(details: object, message: string): void };
  /** Told when an account changes or a grant ends, so no instance keeps taking what no longer holds. */
  callerChecks: AccountChanges;
  jobs: Jobs;
}

/**
 * Sets up identity: the embedded OpenID provider with its pages (default), or only token checks against an
 * external provider when OIDC_ISSUER is set.
 */
export async function setUpIdentity(
  app: FastifyInstance,
  db: Kysely<Database>,
  config: Config,
  platform: IdentityPlatform,
): Promise<Identity> {
  const id = config.identity;
  if (!id.embedded) {
    securityPageRoutes(app, { security: null });
    return {
      verify: createTokenVerifier({ issuer: id.issuer, audience: id.audience, rolesClaim: id.rolesClaim, jwksUrl: id.jwksUrl }),
      mint: null,
      accounts: null,
      security: null,
      pairing: null,
      pruneExpired: null,
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
  return { verify, mint, accounts, security, pairing, pruneExpired };
}
