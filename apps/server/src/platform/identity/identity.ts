import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../db/schema.ts";
import { createTokenMinter, type TokenMinter } from "./embedded/access-tokens.ts";
import { type Accounts, createAccounts } from "./embedded/accounts.ts";
import { devTokenRoutes, ensureDevSecret } from "./embedded/dev-token.routes.ts";
import { interactionRoutes } from "./embedded/interaction.routes.ts";
import { createProvider, mountProvider } from "./embedded/provider.ts";
import { loadIdentitySecrets, publicJwks } from "./embedded/signing-keys.ts";
import { createTokenVerifier, type TokenVerifier } from "./verify-token.ts";

export interface Identity {
  verify: TokenVerifier;
  /** Only in embedded mode: signs access tokens with the provider's key. */
  mint: TokenMinter | null;
  /** Only in embedded mode: the provider's own accounts (the operator blocks sign-in there). */
  accounts: Accounts | null;
}

/**
 * Sets up identity: the embedded OpenID provider with its pages (default), or only token checks against an
 * external provider when OIDC_ISSUER is set.
 */
export async function setUpIdentity(app: FastifyInstance, db: Kysely<Database>, config: Config): Promise<Identity> {
  const id = config.identity;
  if (!id.embedded) {
    return {
      verify: createTokenVerifier({ issuer: id.issuer, audience: id.audience, rolesClaim: id.rolesClaim, jwksUrl: id.jwksUrl }),
      mint: null,
      accounts: null,
    };
  }

  const secrets = await loadIdentitySecrets(db);
  const provider = createProvider(db, secrets, {
    issuer: id.issuer,
    audience: id.audience,
    clientId: id.clientId,
    rolesClaim: id.rolesClaim,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
  });
  mountProvider(app, provider);
  const accounts = createAccounts(db);
  interactionRoutes(app, {
    accounts,
    provider,
    registrationOpen: id.registrationOpen,
    signinAttemptsPerMinute: id.signinAttemptsPerMinute,
  });
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
  });
  return { verify, mint, accounts };
}
