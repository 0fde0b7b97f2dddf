import { resolve } from "node:path";
import { FEATURE_FLAGS, type FeatureFlags } from "@latent/domain/api";
import { type Address, AddressSchema } from "@latent/domain/user";
import { z } from "zod";
import { DEFAULT_RATE_TABLE, type RateTable, RateTableSchema } from "./platform/shipping/table-rates.ts";

/** A JSON value in a variable, checked by `schema`: bad JSON and a bad shape are both listed as config errors. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A Sentry DSN (`https://<public key>@<host>/<project id>`), the form GlitchTip gives too. */
const dsn = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.username !== "" && /^\/(?:.+\/)?\d+$/.test(url.pathname);
}, "must be a DSN: https://<key>@<host>/<project id>");

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

/** Every setting of the server and its default, in one place (README's configuration table mirrors this). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("localhost"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SECRET_KEY: z.string().min(32).optional(),
  TRUST_PROXY: bool.default(false),
  REDIS_URL: z.string().optional(),
  // Off: roll pages and the rolls list are read from the database on every request (the bench's database path).
  REPLY_CACHE: bool.default(true),
  // Prometheus scrapes /metrics with this bearer token; unset, /metrics does not exist.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(25),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_CLIENT_ID: z.string().default("latent-web"),
  OIDC_JWKS_URL: z.url().optional(),
  // An external provider's organization (Auth0 `org_…`): sign-in asks for it and the web requires it in the ID token.
  OIDC_ORGANIZATION: z.string().min(1).optional(),
  ROLES_CLAIM: z.string().default("roles"),
  REGISTRATION_OPEN: bool.default(true),
  SIGNIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  FEATURE_FLAGS: z.string().default(""),
  // No defaults: a phone is sent to a store only once the operator names a real store page (spec §2).
  APP_STORE_URL_IOS: z.url({ protocol: /^https?$/ }).optional(),
  APP_STORE_URL_ANDROID: z.url({ protocol: /^https?$/ }).optional(),
  ERROR_PATH: z.string().startsWith("/").default("/"),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default("eu-central-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(209_715_200),
  PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(700_000_000),
  UPLOAD_STALE_AFTER_MINUTES: z.coerce.number().positive().default(30),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Latent <no-reply@localhost>"),
  CONTACT_TO: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an email address")
    .default("support@localhost"),
  BETA_DEADLINE: z.iso.date().default("2025-03-01"),
  BETA_CAPACITY: z.coerce.number().int().min(0).default(50),
  PAYMENTS: z.enum(["sandbox", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Tests and self-hosted proxies only: where the Stripe SDK sends its API calls (default: Stripe's own API).
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SHIPPING_FROM_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be a two-letter country code in capitals (ES)")
    .optional(),
  SHIPPING_RATE_TABLE: json(RateTableSchema).optional(),
  SHIPPO_API_KEY: z.string().min(1).optional(),
  SHIPPO_FROM_ADDRESS: json(AddressSchema).optional(),
  // Tests and self-hosted proxies only: where the Shippo SDK sends its API calls (default: Shippo's own API).
  SHIPPO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SHOPIFY_CLIENT_ID: z.string().min(1).optional(),
  SHOPIFY_CLIENT_SECRET: z.string().min(1).optional(),
  // Tests only: replaces `https://{shop}` as the base of Shopify's OAuth and Admin API calls (the fake on loopback).
  SHOPIFY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Tests and development only: lab webhooks may call loopback addresses (127.0.0.1, ::1, localhost), over http too.
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
  // Error reports to Sentry or a self-hosted GlitchTip; unset, nothing is reported and no SDK is loaded.
  SENTRY_DSN: dsn.optional(),
  // The web app's own project (browser errors and session replays); defaults to SENTRY_DSN, "off" for none.
  SENTRY_WEB_DSN: z.union([z.literal("off"), dsn]).optional(),
  SENTRY_ENVIRONMENT: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\s/]+$/, "must have no spaces or slashes")
    .default("production"),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  secretKey: string | undefined;
  trustProxy: boolean;
  redisUrl: string | undefined;
  /** Whether roll pages and the rolls list are kept between writes (decision 0027); off only to measure without it. */
  replyCache: boolean;
  /** Bearer token of `/metrics` (Prometheus); undefined: no metrics route. Secret: never logged. */
  metricsToken: string | undefined;
  /**
   * What this instance does (decision 0019): `web` serves HTTP and neither processes scans nor runs jobs; `worker`
   * processes scans and runs jobs, answering only its health probes; `all` does both.
   */
  role: "all" | "web" | "worker";
  /** On SIGTERM, how long in-flight requests (chunk uploads, zip downloads) and scan processing may take to finish. */
  shutdownTimeoutMs: number;
  identity: {
    /** True when this server runs its own OpenID provider under /oidc. */
    embedded: boolean;
    issuer: string;
    audience: string;
    clientId: string;
    jwksUrl: string | undefined;
    /** External provider's organization the ID token must name (`org_id`, spec §5); null when none. */
    organization: string | null;
    rolesClaim: string;
    registrationOpen: boolean;
    signinAttemptsPerMinute: number;
  };
  flags: FeatureFlags;
  /** The companion app's store pages; null until configured, and phones then stay in the web app. */
  appStoreUrls: { ios: string | null; android: string | null };
  errorPath: string;
  webDist: string;
  /** S3-compatible storage when a bucket is set; files under DATA_DIR otherwise. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    forcePathStyle: boolean;
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  } | null;
  uploads: {
    /** Largest scan accepted, in bytes (spec §9: 200 MB). */
    maxShotBytes: number;
    /** Scans processed at once per instance: each holds libvips buffers, so memory scales with it. */
    processingConcurrency: number;
    /** Refuses decompression bombs while letting a 4x5" sheet at 4000 dpi (~320 MP) through. */
    maxImagePixels: number;
    /** An unfinished upload with no part arriving for this long is stalled: its shot fails, its parts go. */
    staleAfterMinutes: number;
  };
  mail: {
    /** SMTP connection URL (may hold a password: never log it); unset → mails go to the outbox table. */
    smtpUrl: string | undefined;
    from: string;
    /** The operator's address: contact messages go there. */
    contactTo: string;
    /**
     * The developer's mail viewer at `/dev/mail` (and mails' links on the console): on only with the outbox (no
     * SMTP_URL) on a development machine, i.e. PUBLIC_URL unset or a loopback address. There is no "production mode"
     * switch (no NODE_ENV branching): a server others reach must set PUBLIC_URL to its address for its links to work.
     */
    devViewer: boolean;
  };
  beta: {
    /** Last day of open-beta registration (ISO date); it closes at the end of that day, UTC. */
    deadline: string;
    closesAt: Date;
    capacity: number;
  };
  /** The card payment provider: the embedded sandbox (test mode, no money moves), or Stripe when its keys are set. */
  payments:
    | { provider: "sandbox" }
    | {
        provider: "stripe";
        /** Secrets: never logged. */
        secretKey: string;
        webhookSecret: string;
        /** The API's address as the SDK wants it; null for Stripe's own (`api.stripe.com` over HTTPS). */
        api: { protocol: "http" | "https"; host: string; port: number } | null;
      };
  /**
   * Where parcel rates come from: the embedded table (offline, by zone and weight, seen from `fromCountry`), or
   * Shippo when SHIPPO_API_KEY is set, quoting from the shop's address `from`.
   */
  shipping:
    | { kind: "table"; fromCountry: string; table: RateTable }
    | {
        kind: "shippo";
        /** Secret: never logged. */
        apiKey: string;
        /** The API's address; null for Shippo's own. */
        apiUrl: string | null;
        from: Address;
      };
  /**
   * Error reports (Sentry's protocol: Sentry or GlitchTip), scrubbed of tokens, codes, emails and file names. A DSN
   * is null when that side reports nothing; the web's is public by design (the browser sends with it).
   */
  errorReports: { serverDsn: string | null; webDsn: string | null; environment: string };
  /**
   * Lab webhooks out. Without `allowLoopback` (every server others use) an endpoint must be https on a public address;
   * with it (tests, a developer's machine) a loopback address may be called, over http too. Private, link-local and
   * other special addresses are refused either way.
   */
  webhooks: { allowLoopback: boolean };
  /** The Shopify app labs install to import orders; null until the operator sets its client id and secret. */
  shopify: {
    clientId: string;
    /** Secret: signs Shopify's redirects and exchanges codes; never logged. */
    clientSecret: string;
    /** Base of every call instead of `https://{shop}` (tests' fake); null for the shop's own host. */
    apiUrl: string | null;
  } | null;
}

export class ConfigError extends Error {}

/**
 * Every flag is on unless the operator turns it off (`FEATURE_FLAGS=-tokens,-labs`): with nothing set, the product is
 * whole (decision 0039). A name without a minus keeps its flag on, so an older `FEATURE_FLAGS=zip` still parses.
 */
function featureFlagsOf(value: string): FeatureFlags {
  const items = value
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = items.filter((f) => !(FEATURE_FLAGS as readonly string[]).includes(f.replace(/^-/, "")));
  if (unknown.length) {
    throw new ConfigError(
      `Invalid configuration:\n  FEATURE_FLAGS: unknown ${unknown.join(", ")} (known: ${FEATURE_FLAGS.join(", ")}; "-name" turns one off)`,
    );
  }
  const off = new Set(items.filter((f) => f.startsWith("-")).map((f) => f.slice(1)));
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, !off.has(f)])) as FeatureFlags;
}

/** Parses the environment once; a bad value stops the server with the list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const flags = featureFlagsOf(e.FEATURE_FLAGS);
  const embedded = !e.OIDC_ISSUER;
  const payments = paymentsOf(e);
  const shipping = shippingOf(e);
  const shopify = shopifyOf(e);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    replyCache: e.REPLY_CACHE,
    metricsToken: e.METRICS_TOKEN,
    role: e.ROLE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    identity: {
      embedded,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: e.OIDC_CLIENT_ID,
      jwksUrl: e.OIDC_JWKS_URL,
      organization: e.OIDC_ORGANIZATION ?? null,
      rolesClaim: e.ROLES_CLAIM,
      registrationOpen: e.REGISTRATION_OPEN,
      signinAttemptsPerMinute: e.SIGNIN_ATTEMPTS_PER_MINUTE,
    },
    flags,
    appStoreUrls: { ios: e.APP_STORE_URL_IOS ?? null, android: e.APP_STORE_URL_ANDROID ?? null },
    errorPath: e.ERROR_PATH,
    webDist: resolve(e.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
    uploads: {
      maxShotBytes: e.UPLOAD_MAX_BYTES,
      processingConcurrency: e.PROCESSING_CONCURRENCY,
      maxImagePixels: e.MAX_IMAGE_PIXELS,
      staleAfterMinutes: e.UPLOAD_STALE_AFTER_MINUTES,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, contactTo: e.CONTACT_TO, devViewer: !e.SMTP_URL && isLoopbackUrl(publicUrl) },
    beta: {
      deadline: e.BETA_DEADLINE,
      closesAt: new Date(Date.parse(`${e.BETA_DEADLINE}T00:00:00Z`) + 86_400_000),
      capacity: e.BETA_CAPACITY,
    },
    payments,
    shipping,
    shopify,
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK },
    errorReports: {
      serverDsn: e.SENTRY_DSN ?? null,
      webDsn: e.SENTRY_WEB_DSN === "off" ? null : (e.SENTRY_WEB_DSN ?? e.SENTRY_DSN ?? null),
      environment: e.SENTRY_ENVIRONMENT,
    },
  };
}

/** True when a URL names this machine only (localhost, 127.0.0.0/8, ::1): nobody else can follow its links. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The sandbox takes no money, so it must never run where real keys are set: Stripe keys with PAYMENTS=sandbox stop
 * the start. Stripe needs both its secret key and its webhook secret (one without the other is a half-configured
 * provider whose webhooks could never be checked, or whose checkouts could never be created).
 */
function paymentsOf(e: z.infer<typeof EnvSchema>): Config["payments"] {
  const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  const provider = e.PAYMENTS ?? (e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET ? "stripe" : "sandbox");
  if (provider === "sandbox") {
    if (e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET) {
      throw invalid("PAYMENTS: the sandbox cannot run while STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set (unset one of them)");
    }
    if (e.STRIPE_API_URL) throw invalid("STRIPE_API_URL: only used by the Stripe adapter; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    return { provider };
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw invalid("PAYMENTS: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  const url = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null;
  return {
    provider,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    api: url
      ? {
          protocol: url.protocol === "http:" ? "http" : "https",
          host: url.hostname,
          port: Number(url.port) || (url.protocol === "http:" ? 80 : 443),
        }
      : null,
  };
}

/**
 * The table is the default; SHIPPO_API_KEY switches to Shippo, which then needs the shop's address. Settings of the
 * adapter not in use are refused rather than silently ignored (an operator who sets a table expects it to apply).
 */
function shippingOf(e: z.infer<typeof EnvSchema>): Config["shipping"] {
  const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (!e.SHIPPO_API_KEY) {
    if (e.SHIPPO_FROM_ADDRESS) throw invalid("SHIPPO_FROM_ADDRESS: only used by the Shippo adapter; set SHIPPO_API_KEY or unset it");
    if (e.SHIPPO_API_URL) throw invalid("SHIPPO_API_URL: only used by the Shippo adapter; set SHIPPO_API_KEY or unset it");
    return { kind: "table", fromCountry: e.SHIPPING_FROM_COUNTRY ?? "ES", table: e.SHIPPING_RATE_TABLE ?? DEFAULT_RATE_TABLE };
  }
  if (e.SHIPPING_RATE_TABLE) throw invalid("SHIPPING_RATE_TABLE: Shippo quotes the rates while SHIPPO_API_KEY is set (unset one of them)");
  if (!e.SHIPPO_FROM_ADDRESS)
    throw invalid("SHIPPO_FROM_ADDRESS: Shippo needs the shop's address (JSON: line1, city, postal_code, country, …)");
  if (e.SHIPPING_FROM_COUNTRY && e.SHIPPING_FROM_COUNTRY !== e.SHIPPO_FROM_ADDRESS.country) {
    throw invalid("SHIPPING_FROM_COUNTRY: differs from the country of SHIPPO_FROM_ADDRESS");
  }
  return { kind: "shippo", apiKey: e.SHIPPO_API_KEY, apiUrl: e.SHIPPO_API_URL ?? null, from: e.SHIPPO_FROM_ADDRESS };
}

/** Shopify needs both halves of its app's credentials; SHOPIFY_API_URL alone would point nothing anywhere. */
function shopifyOf(e: z.infer<typeof EnvSchema>): Config["shopify"] {
  const invalid = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (!e.SHOPIFY_CLIENT_ID && !e.SHOPIFY_CLIENT_SECRET) {
    if (e.SHOPIFY_API_URL) throw invalid("SHOPIFY_API_URL: only used with SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET");
    return null;
  }
  if (!e.SHOPIFY_CLIENT_ID || !e.SHOPIFY_CLIENT_SECRET) {
    throw invalid("SHOPIFY_CLIENT_ID: Shopify needs both SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET");
  }
  return {
    clientId: e.SHOPIFY_CLIENT_ID,
    clientSecret: e.SHOPIFY_CLIENT_SECRET,
    apiUrl: e.SHOPIFY_API_URL ? e.SHOPIFY_API_URL.replace(/\/+$/, "") : null,
  };
}
