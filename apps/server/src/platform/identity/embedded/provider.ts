import { IDENTITY_SCOPES, ROLE_SCOPES, ROLES, SCOPES } from "@latent/domain/api";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../../db/schema.ts";
import { findAccountById } from "./accounts.store.ts";
import { createOidcAdapterClass } from "./oidc-adapter.ts";
import type { IdentitySecrets } from "./signing-keys.ts";

export interface ProviderSettings {
  issuer: string;
  audience: string;
  clientId: string;
  rolesClaim: string;
  publicUrl: string;
  trustProxy: boolean;
}

const ACCESS_TOKEN_TTL_S = 3600;

/** What the provider tells account security: where a new grant (session) started, and each token it issues. */
export interface SessionHooks {
  recordSession(s: { grant_id: string; account_id: string; client_id: string; user_agent: string | null }): Promise<unknown>;
  touchSession(grantId: string): Promise<unknown>;
}

/** The embedded OpenID provider: authorization code + PKCE for the web app, JWT access tokens for the API. */
export function createProvider(db: Kysely<Database>, secrets: IdentitySecrets, s: ProviderSettings, sessions: SessionHooks): Provider {
  const apiScopes = SCOPES.join(" ");
  const roleScopes = async (ctx: KoaContextWithOIDC) => {
    const entities = ctx.oidc.entities as { AuthorizationCode?: { accountId?: string }; RefreshToken?: { accountId?: string } };
    const accountId = ctx.oidc.session?.accountId ?? entities.AuthorizationCode?.accountId ?? entities.RefreshToken?.accountId;
    if (!accountId) return apiScopes;
    return ROLE_SCOPES[(await findAccountById(db, accountId))?.role === "lab" ? "lab" : "user"].join(" ");
  };
  const roleOf = async (accountId: string) => ((await findAccountById(db, accountId))?.role === "lab" ? ROLES.lab : ROLES.user);

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    clients: [
      {
        client_id: s.clientId,
        token_endpoint_auth_method: "none",
        application_type: "web",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [`${s.publicUrl}/callback`],
        post_logout_redirect_uris: [`${s.publicUrl}/`],
      },
    ],
    jwks: { keys: secrets.jwks as never },
    cookies: { keys: secrets.cookieKeys },
    pkce: { required: () => true },
    // The web app is served from the same origin; no other site may call the provider from a browser.
    clientBasedCORS: (_ctx, origin) => origin === new URL(s.publicUrl).origin,
    scopes: [...IDENTITY_SCOPES, "offline_access"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "locale", s.rolesClaim] },
    extraParams: ["screen_hint"],
    routes: {
      authorization: "/authorize",
      token: "/oauth/token",
      jwks: "/.well-known/jwks.json",
      end_session: "/logout",
      userinfo: "/userinfo",
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_S,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async findAccount(_ctx, id) {
      const account = await findAccountById(db, id);
      if (!account || account.blocked) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.email_verified,
          locale: account.locale ?? undefined,
          [s.rolesClaim]: [account.role === "lab" ? ROLES.lab : ROLES.user],
        }),
      };
    },
    // The web app is our own client: its grant is given without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope([...IDENTITY_SCOPES, "offline_access"].join(" "));
      grant.addOIDCClaims(["email", "email_verified", "name", "locale", s.rolesClaim]);
      const account = await findAccountById(db, ctx.oidc.session!.accountId!);
      grant.addResourceScope(s.audience, ROLE_SCOPES[account?.role === "lab" ? "lab" : "user"].join(" "));
      const savedId = await grant.save();
      await sessions.recordSession({
        grant_id: savedId,
        account_id: ctx.oidc.session!.accountId!,
        client_id: ctx.oidc.client!.clientId,
        user_agent: ctx.get("user-agent")?.slice(0, 512) || null,
      });
      return grant;
    },
    // OIDC drops offline_access unless consent is prompted; our own web app keeps its session through refresh tokens.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed("refresh_token");
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      // The grant id lets the API refuse the token once its session is ended (decision 0015).
      if (token.grantId) await sessions.touchSession(token.grantId);
      return {
        [s.rolesClaim]: [await roleOf(token.accountId)],
        email: account?.email,
        email_verified: account?.email_verified ?? false,
        ...(token.grantId ? { gid: token.grantId } : {}),
        ...(account?.locale ? { locale: account.locale } : {}),
      };
    },
    interactions: { url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Sign out at once: the confirmation form is posted by the page itself.
        async logoutSource(ctx, form) {
          ctx.type = "html";
          ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Latent</title></head><body>${form.replace(
            "</form>",
            '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
          )}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => s.audience,
        useGrantedResource: () => true,
        // The API scopes a request may be given are its account role's (spec §6): asking for more (the web asks for
        // all) is not an error and not a consent prompt, the rest is simply not granted.
        getResourceServerInfo: async (ctx) => ({
          scope: await roleScopes(ctx),
          audience: s.audience,
          accessTokenTTL: ACCESS_TOKEN_TTL_S,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      const esc = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Latent</title></head><body><main><h1>${esc(
        out.error,
      )}</h1><p>${esc(out.error_description)}</p><p><a href="/">Latent</a></p></main></body></html>`;
    },
  };

  const provider = new Provider(s.issuer, configuration);
  provider.proxy = s.trustProxy;
  return provider;
}

/** Mounts the provider under /oidc; it reads its own request bodies, so Fastify must not parse them here. */
export function mountProvider(app: FastifyInstance, provider: Provider) {
  const callback = provider.callback();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handler = (request: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
      reply.hijack();
      const req = request.raw as typeof request.raw & { originalUrl?: string };
      req.originalUrl = req.url;
      req.url = req.url!.replace(/^\/oidc/, "") || "/";
      callback(req, reply.raw);
    };
    scope.all("/oidc", { schema: { hide: true } }, handler);
    scope.all("/oidc/*", { schema: { hide: true } }, handler);
  });
}
