import { IDENTITY_SCOPES, ROLE_SCOPES, ROLES, SCOPES } from "@latent/domain/api";
import { paths } from "@latent/domain/app-paths";
import {
  LIGHTROOM_CLIENT_ID,
  LIGHTROOM_CODE_MINUTES,
  LightroomDeviceNameSchema,
  PAIRING_LIMIT_WINDOW,
  PAIRING_STARTS_PER_ADDRESS,
} from "@latent/domain/plugins";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { LOGOUT_SCRIPT } from "../../../platform/http/security-headers.ts";
import { findAccountById } from "../accounts.store.ts";
import type { PairingRequestInfo } from "../pairing/device-pairing.ts";
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
/** A paired Lightroom stays paired half a year, then it is paired again (decision 0017). */
const LIGHTROOM_TTL_S = 180 * 24 * 3600;
const DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

/** What the provider tells account security: where a new grant (session) started, and each token it issues. */
export interface SessionHooks {
  recordSession(s: { grant_id: string; account_id: string; client_id: string; user_agent: string | null }): Promise<unknown>;
  touchSession(grantId: string): Promise<unknown>;
  grantsEnded(grantIds: string[]): void;
}

/** The embedded OpenID provider: authorization code + PKCE for the web app, JWT access tokens for the API. */
export function createProvider(db: Kysely<Database>, secrets: IdentitySecrets, s: ProviderSettings, sessions: SessionHooks): Provider {
  const apiScopes = SCOPES.join(" ");
  const roleScopes = async (ctx: KoaContextWithOIDC) => {
    const entities = ctx.oidc.entities as {
      AuthorizationCode?: { accountId?: string };
      RefreshToken?: { accountId?: string };
      DeviceCode?: { accountId?: string };
    };
    const accountId =
      ctx.oidc.session?.accountId ??
      entities.AuthorizationCode?.accountId ??
      entities.RefreshToken?.accountId ??
      entities.DeviceCode?.accountId;
    if (!accountId) return apiScopes;
    return ROLE_SCOPES[(await findAccountById(db, accountId))?.role === "lab" ? "lab" : "user"].join(" ");
  };
  const lrcodePage = (code?: string) => `${s.publicUrl}${paths.pluginsLrCode}${code ? `?${new URLSearchParams({ code })}` : ""}`;
  const roleOf = async (accountId: string) => ((await findAccountById(db, accountId))?.role === "lab" ? ROLES.lab : ROLES.user);

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db, (grantIds) => sessions.grantsEnded(grantIds)),
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
      // The Lightroom plugin: a public client that pairs by code (device flow) and keeps a refresh token.
      {
        client_id: LIGHTROOM_CLIENT_ID,
        token_endpoint_auth_method: "none",
        application_type: "native",
        grant_types: [DEVICE_GRANT_TYPE, "refresh_token"],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: secrets.jwks as never },
    cookies: { keys: secrets.cookieKeys },
    pkce: { required: () => true },
    // The web app is served from the same origin; no other site may call the provider from a browser.
    clientBasedCORS: (_ctx, origin) => origin === new URL(s.publicUrl).origin,
    scopes: [...IDENTITY_SCOPES, "offline_access"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "locale", s.rolesClaim] },
    extraParams: {
      screen_hint: null,
      // The web app's path to come back to after sign-up: the confirmation mail's link leads there (return-path.ts).
      return_to: null,
      // The Lightroom plugin names its computer when it asks for a code; the person confirming sees that name.
      device_name: (_ctx, value) => {
        if (value !== undefined && !LightroomDeviceNameSchema.safeParse(value).success) {
          throw new errors.InvalidRequest("device_name must be 1 to 60 printable characters");
        }
      },
    },
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
      Grant: (_ctx, grant) => (grant.clientId === LIGHTROOM_CLIENT_ID ? LIGHTROOM_TTL_S : 14 * 24 * 3600),
      RefreshToken: (_ctx, _token, client) => (client.clientId === LIGHTROOM_CLIENT_ID ? LIGHTROOM_TTL_S : 14 * 24 * 3600),
      DeviceCode: LIGHTROOM_CODE_MINUTES * 60,
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
      // The Lightroom plugin's pairing: the code is confirmed on the web app's lrcode page (device-pairing.ts), not
      // on the provider's own code pages (the middleware below sends the browser there).
      deviceFlow: {
        enabled: true,
        mask: "****-****",
        // What the lrcode page shows the person confirming: the name, and the network the request came from.
        deviceInfo: (ctx) =>
          ({
            userAgent: ctx.get("user-agent")?.slice(0, 512) || null,
            name: LightroomDeviceNameSchema.safeParse(ctx.oidc.params?.device_name).data ?? null,
            ip: ctx.ip,
          }) satisfies PairingRequestInfo,
      },
      // The plugin signs out by revoking its refresh token (which ends its grant); a client revokes only its own tokens.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: {
        enabled: true,
        // Sign out at once: the confirmation form is posted by the page itself.
        async logoutSource(ctx, form) {
          ctx.type = "html";
          ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Latent</title></head><body>${form.replace(
            "</form>",
            '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
          )}<script>${LOGOUT_SCRIPT}</script></body></html>`;
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
  // RFC 8628 clients open `verification_uri_complete`: make it the web app's page where a signed-in person confirms.
  provider.use(async (ctx, next) => {
    if (ctx.path === "/device" || (ctx.path.startsWith("/device/") && ctx.path !== "/device/auth")) {
      const code = typeof ctx.query.user_code === "string" ? ctx.query.user_code : undefined;
      ctx.status = 303;
      ctx.redirect(lrcodePage(code));
      return;
    }
    await next();
    if (ctx.oidc?.route !== "device_authorization" || ctx.status !== 200) return;
    const body = ctx.body as { user_code?: string; verification_uri?: string; verification_uri_complete?: string };
    if (!body?.user_code) return;
    body.verification_uri = lrcodePage();
    body.verification_uri_complete = lrcodePage(body.user_code);
  });
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
    // Each code asked for is a row and a code someone may be shown: a script must not mint them by the thousand.
    scope.post(
      "/oidc/device/auth",
      {
        schema: { hide: true },
        config: {
          rateLimit: {
            max: PAIRING_STARTS_PER_ADDRESS,
            timeWindow: PAIRING_LIMIT_WINDOW,
            errorResponseBuilder: () => new AppError("too-many-pairing-codes"),
          },
        },
      },
      handler,
    );
  });
}
