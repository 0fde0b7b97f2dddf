import { join } from "node:path";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import { errorMessage } from "@latent/domain/errors";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { adminChannelWhileListening } from "./cli/admin-channel.ts";
import { runAdminCommand } from "./cli/admin-commands.ts";
import type { Config } from "./config.ts";
import { accountDataModule } from "./features/account-data/account-data.module.ts";
import type { AccountDataService } from "./features/account-data/account-data.service.ts";
import { type AccountGate, externalAccountGate } from "./features/account-data/account-gate.ts";
import { archiveSearchModule } from "./features/archive-search/archive-search.module.ts";
import { betaModule } from "./features/beta/beta.module.ts";
import { contactModule } from "./features/contact/contact.module.ts";
import { contactSheetModule } from "./features/contact-sheet/contact-sheet.module.ts";
import { devMailModule } from "./features/dev-mail/dev-mail.module.ts";
import { downgradesModule } from "./features/downgrades/downgrades.module.ts";
import type { DowngradesService } from "./features/downgrades/downgrades.service.ts";
import { downloadsModule } from "./features/downloads/downloads.module.ts";
import { entitlementsModule } from "./features/entitlements/entitlements.module.ts";
import type { EntitlementsService } from "./features/entitlements/entitlements.service.ts";
import { filmsModule } from "./features/films/films.module.ts";
import { gearModule } from "./features/gear/gear.module.ts";
import { guestAnswersModule } from "./features/guest-answers/guest-answers.module.ts";
import type { GuestAnswersService } from "./features/guest-answers/guest-answers.service.ts";
import { type Identity, identityModule } from "./features/identity/identity.module.ts";
import { inactiveAccountsModule } from "./features/inactive-accounts/inactive-accounts.module.ts";
import type { InactiveAccountsService } from "./features/inactive-accounts/inactive-accounts.service.ts";
import { labApiKeysAccess, labApiKeysModule } from "./features/lab-api-keys/lab-api-keys.module.ts";
import { labsModule } from "./features/labs/labs.module.ts";
import type { OrdersService } from "./features/labs/orders/orders.service.ts";
import type { LabWebhooksService } from "./features/labs/webhooks/webhooks.service.ts";
import { mediaModule } from "./features/media/media.module.ts";
import { newsletterModule } from "./features/newsletter/newsletter.module.ts";
import { pluginsModule } from "./features/plugins/plugins.module.ts";
import { purchasesModule } from "./features/purchases/purchases.module.ts";
import type { PurchasesService } from "./features/purchases/purchases.service.ts";
import { realtimeModule } from "./features/realtime/realtime.module.ts";
import type { TicketIssuer } from "./features/realtime/realtime-tickets.ts";
import { rollLifeModule } from "./features/roll-life/roll-life.module.ts";
import type { RollLifeService } from "./features/roll-life/roll-life.service.ts";
import { sharesModule } from "./features/shares/shares.module.ts";
import type { SharesService } from "./features/shares/shares.service.ts";
import { shopModule } from "./features/shop/shop.module.ts";
import type { ShopService } from "./features/shop/shop.service.ts";
import type { ShotProcessor } from "./features/shots/shot-processing.ts";
import { shotsModule } from "./features/shots/shots.module.ts";
import type { ShotsService } from "./features/shots/shots.service.ts";
import { staticDataModule } from "./features/static-data/static-data.module.ts";
import { stickersModule } from "./features/stickers/stickers.module.ts";
import type { StickersService } from "./features/stickers/stickers.service.ts";
import { systemModule } from "./features/system/system.module.ts";
import { uploadsModule } from "./features/uploads/uploads.module.ts";
import type { UploadsService } from "./features/uploads/uploads.service.ts";
import { usersModule } from "./features/users/users.module.ts";
import type { UsersService } from "./features/users/users.service.ts";
import { webModule } from "./features/web/web.module.ts";
import { createMemoryCooldown } from "./platform/cooldown/memory-cooldown.ts";
import { createRedisCooldown } from "./platform/cooldown/redis-cooldown.ts";
import { loadUrlSigningSecret } from "./platform/crypto/url-signing-secret.ts";
import { watchCacheGenerations } from "./platform/db/cache-generations.ts";
import { openDatabase } from "./platform/db/database.ts";
import type { Database } from "./platform/db/schema.ts";
import { noErrorReports } from "./platform/error-reports/error-reports.ts";
import { createHook } from "./platform/hooks/hook.ts";
import { AppError } from "./platform/http/app-error.ts";
import { registerErrorHandling } from "./platform/http/app-error-handler.ts";
import { createLinkGrants } from "./platform/http/link-grants.ts";
import { openApiOptions } from "./platform/http/openapi-document.ts";
import { registerRateLimits } from "./platform/http/rate-limits.ts";
import { type LogStream, loggerOptions, registerRequestLog, requestIdOf } from "./platform/http/request-log.ts";
import { registerSecurityHeaders } from "./platform/http/security-headers.ts";
import { assertStorableText } from "./platform/http/unstorable-text.ts";
import { createUrlSigner } from "./platform/http/url-signer.ts";
import { guardBeforeParsing, requireScopes } from "./platform/identity/authenticate.ts";
import { CALLER_CHECKS_TABLES, createCallerChecks } from "./platform/identity/caller-checks.ts";
import type { Caller } from "./platform/identity/verify-token.ts";
import type { Jobs } from "./platform/jobs/jobs.ts";
import { createPgBossJobs } from "./platform/jobs/pg-boss-jobs.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import { createOutboxMailer } from "./platform/mail/outbox-mailer.ts";
import { createMetrics, metricsRoute } from "./platform/metrics/metrics.ts";
import type { ModuleContext, Platform } from "./platform/modules/module-context.ts";
import type { PaymentProvider } from "./platform/payments/payment-provider.ts";
import { sandboxPages } from "./platform/payments/sandbox-pages.ts";
import { createSandboxProvider } from "./platform/payments/sandbox-provider.ts";
import { createLocalEventBus, createRedisEventBus, type EventBus } from "./platform/realtime/event-bus.ts";
import { createFsStore } from "./platform/storage/fs-store.ts";
import { assertStoreSharedWithDatabase } from "./platform/storage/shared-store-check.ts";

export interface BuildOptions {
  /** PostgreSQL schema to work in (tests isolate themselves). */
  searchPath?: string;
  /** What deleting an account asks of identity (password, two-factor code, the sign-in account); tests pass their own. */
  accountGate?: AccountGate;
  /** Where the log's JSON lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** The clock of the caches' time bound (decision 0021); tests stop it, so no catch depends on a request's timing. */
  cacheClock?: () => number;
  /** The lab webhooks' clock (retry schedule, attempts, signatures); tests move it instead of waiting. */
  webhookClock?: () => Date;
}

export interface Latent {
  app: FastifyInstance;
  config: Config;
  db: Kysely<Database>;
  identity: Identity;
  bus: EventBus;
  processor: ShotProcessor;
  uploads: UploadsService;
  jobs: Jobs;
  /** Services the operator's commands (`cli/admin.ts`) and tests call: the owners of what they change. */
  services: {
    users: UsersService;
    shots: ShotsService;
    entitlements: EntitlementsService;
    downgrades: DowngradesService;
    inactiveAccounts: InactiveAccountsService;
    purchases: PurchasesService;
    shop: ShopService;
    stickers: StickersService;
    orders: OrdersService;
    accountData: AccountDataService;
    shares: SharesService;
    realtimeTickets: TicketIssuer;
    rollLife: RollLifeService;
    labWebhooks: LabWebhooksService;
    guestAnswers: GuestAnswersService;
  };
  /** Stops accepting, lets requests, scans and jobs in flight finish within `graceMs` (SHUTDOWN_TIMEOUT_SECONDS), then closes. */
  close(graceMs?: number): Promise<void>;
}

/** Builds the whole server from a Config: the platform's adapters once, then each feature module with the services it needs. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Latent> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // One line per request instead, at its answer (registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    requestTimeout: 3_600_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A URL the router cannot read (bad percent-encoding, a parameter over its length) is refused before any route or
    // error handler: answered here `{error, message, requestId}` with a catalogue code like every other refusal.
    frameworkErrors: (err, request, reply: FastifyReply) =>
      reply
        .status(400)
        .header("x-request-id", request.id)
        .send({ ...new AppError("bad-request", err.message).toBody(), requestId: request.id }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, pglite, writes } = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    searchPath: options.searchPath,
    onIdleConnectionError: (err) => app.log.warn({ err }, "an idle PostgreSQL connection failed; the next query opens another"),
  });
  // Files under DATA_DIR are this instance's own: refuse to start beside instances whose files are elsewhere (decision 0019).
  if (!config.s3) {
    await assertStoreSharedWithDatabase(db, join(config.dataDir, "objects")).catch(async (err) => {
      await db.destroy();
      throw err;
    });
  }
  // ioredis, the AWS SDK, nodemailer and Stripe's SDK load only when configured: the default server's memory holds none of them.
  const redis = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const secret = await loadUrlSigningSecret(db, config.secretKey);
  const grants = createLinkGrants();
  const metrics = createMetrics();
  const bus = config.redisUrl ? await createRedisEventBus(config.redisUrl) : createLocalEventBus();
  // Counters in the database every instance shares: caches prove their entries fresh with them, Redis or not (0021).
  const cacheGenerations = watchCacheGenerations(db, writes, options.cacheClock);
  const platform: Platform = {
    config,
    db,
    cacheGenerations,
    secret,
    log: app.log,
    store: config.s3
      ? (await import("./platform/storage/s3-store.ts")).createS3Store({ ...config.s3, logger: app.log })
      : createFsStore(join(config.dataDir, "objects")),
    signer: createUrlSigner(secret, grants),
    grants,
    mailer: config.mail.smtpUrl
      ? (await import("./platform/mail/smtp-mailer.ts")).createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }, app.log)
      : createOutboxMailer(db, app.log, config.mail.devViewer ? { viewerUrl: `${config.publicUrl}/dev/mail` } : {}),
    // "One per minute" limits of the visitor forms; shared by every instance when Redis is configured.
    cooldown: redis ? createRedisCooldown(redis) : createMemoryCooldown(),
    bus,
    callerChecks: createCallerChecks(cacheGenerations.follow("callers", CALLER_CHECKS_TABLES)),
    metrics,
    jobs: metrics.instrumentJobs(
      createPgBossJobs({
        connection: pglite ? { pglite } : { url: config.databaseUrl! },
        // Tests isolate each server in its own PostgreSQL schema; the queue follows it.
        schema: options.searchPath ? `${options.searchPath}_jobs` : "latent_jobs",
        log: app.log,
        work: config.role !== "web",
      }),
    ),
  };

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header(API_VERSION_HEADER, API_VERSION);
    const asked = request.headers[API_VERSION_HEADER.toLowerCase()];
    if (asked !== undefined && asked !== API_VERSION && request.url.startsWith("/api/")) {
      throw new AppError("unsupported-api-version", `${errorMessage("unsupported-api-version")}: use ${API_VERSION}`);
    }
  });

  registerRequestLog(app);
  metrics.observeRequests(app);
  registerSecurityHeaders(app, config);
  // A worker processes scans and runs jobs; over HTTP it answers only its probes (and metrics), never the product:
  // before the guard, so a product route is 404 there with or without a token.
  if (config.role === "worker") {
    app.addHook("onRequest", async (request) => {
      const path = request.url.split("?")[0];
      if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") throw new AppError("not-found");
    });
  }
  guardBeforeParsing(app);

  // Before any route's validation: text no store can keep is one clear 400, whatever the route (hardening item 4).
  app.addHook("preValidation", async (request) => {
    assertStorableText({ query: request.query, params: request.params, body: Buffer.isBuffer(request.body) ? undefined : request.body });
  });

  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  // The web app's pages first: the one not-found handler answers a browser with the app's not-found page.
  const web = await webModule(app, config);
  // @sentry/node loads only with a DSN: without one nothing is reported and the SDK never enters memory.
  const reports = config.errorReports.serverDsn
    ? await (await import("./platform/error-reports/sentry-reports.ts")).createSentryReports({
        dsn: config.errorReports.serverDsn,
        environment: config.errorReports.environment,
      })
    : noErrorReports;
  registerErrorHandling(app, web.notFoundPage, reports);
  metricsRoute(app, metrics, config.metricsToken);
  // Cross-cutting plugins, where every feature can see them.
  await registerRateLimits(app, redis);
  // A lab's API keys: the guard below takes them beside JWTs; each key is rate limited on every request it makes.
  const labKeys = labApiKeysAccess(app, platform);

  // Identity first: the API's guard checks tokens with its `verify` (its `account/…` routes join the API below).
  const identity = await identityModule(app, platform);
  const callerSeen = createHook<Caller>();
  const ctx: ModuleContext = {
    platform,
    root: app,
    api: async (routes) => {
      await app.register(async (api) => routes(api), { prefix: "/api" });
    },
    requireScopes: requireScopes(labKeys.verifyWith(identity.verify), callerSeen.run, platform.callerChecks),
    callerSeen,
  };
  await ctx.api((api) => {
    api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  });

  // Features in dependency order: each receives the services of those before it, never their tables.
  systemModule(ctx);
  const media = mediaModule(ctx);
  devMailModule(ctx);
  // Visitor services live at the root: the spec lists them as services apart from the product API (§7).
  const contact = contactModule(ctx);
  const newsletter = newsletterModule(ctx);
  const beta = betaModule(ctx);
  await staticDataModule(ctx);
  const entitlements = entitlementsModule(ctx);
  const users = await usersModule(ctx, { entitlements });
  await identity.accountApi(ctx);
  await pluginsModule(ctx, { pairing: identity.pairing });
  const gear = await gearModule(ctx, { entitlements, users });
  const { shots, processor } = await shotsModule(ctx, { entitlements, gear });
  const downgrades = await downgradesModule(ctx, { users, shots, entitlements });
  const inactiveAccounts = inactiveAccountsModule(ctx, { users, shots });
  const films = await filmsModule(ctx, { shots, entitlements, users, gear });
  const uploads = await uploadsModule(ctx, { films, shots, entitlements, processor });
  const downloads = await downloadsModule(ctx, { films, shots, gear, media });
  const tickets = await realtimeModule(ctx, { films });
  const shares = await sharesModule(ctx, { films, downloads, tickets, web, entitlements });
  const {
    orders,
    profile: labProfiles,
    webhooks: labWebhooks,
  } = await labsModule(ctx, { films, users, downloads, tickets, accounts: identity.accounts, webhookClock: options.webhookClock });
  await labApiKeysModule(ctx, { keys: labKeys.keys, users });
  const guestAnswers = await guestAnswersModule(ctx, { shares, orders, films, users });
  await archiveSearchModule(ctx, { films, shots });
  // The payment provider (config guarantees the sandbox never runs beside Stripe keys). The sandbox delivers its
  // signed events to the same webhook route the real provider calls, in process, whatever PUBLIC_URL says.
  const payments = await paymentProvider(app, config, db, secret, platform.mailer);
  const stickers = await stickersModule(ctx, { films, users, downloads });
  const rollLife = await rollLifeModule(ctx, {
    films,
    shots,
    orders,
    stickers,
    users,
    labs: labProfiles,
    accounts: identity.accounts,
    webhooks: labWebhooks,
  });
  await contactSheetModule(ctx, { films, shots, shares, labs: labProfiles, stickers });
  const shop = await shopModule(ctx, { users, stickers });
  const purchases = await purchasesModule(ctx, { payments, entitlements, newsletter, users, shop });
  // Last: deleting an account reaches every feature before it through users' `deleting` hook. The embedded
  // provider checks the password (and two-factor code); with an external provider that is its job (identity-external).
  const accountData = await accountDataModule(ctx, {
    gate: options.accountGate ?? identity.security ?? externalAccountGate,
    users,
    labs: labProfiles,
    gear,
    films,
    shots,
    downloads,
    shop,
    stickers,
    purchases,
    visitors: { newsletter, contact, beta },
  });

  if (config.role !== "web") processor.start();
  await platform.jobs.start();

  const latent: Latent = {
    app,
    config,
    db,
    identity,
    bus: platform.bus,
    processor,
    uploads,
    jobs: platform.jobs,
    services: {
      users,
      shots,
      entitlements,
      downgrades,
      inactiveAccounts,
      purchases,
      shop,
      stickers,
      orders,
      accountData,
      shares,
      realtimeTickets: tickets,
      rollLife,
      labWebhooks,
      guestAnswers,
    },
    async close(graceMs = config.shutdownTimeoutMs) {
      const deadline = Date.now() + graceMs;
      // Jobs stop after HTTP: a request in flight may still queue one (a data export).
      await Promise.all([
        closeHttp(app, graceMs).then(() => platform.jobs.stop(Math.max(1_000, deadline - Date.now()))),
        processor.stop(graceMs),
      ]);
      platform.callerChecks.close();
      await platform.bus.close();
      await db.destroy();
      redis?.disconnect();
      await reports.close();
    },
  };
  // PGlite admits one process: `npm run admin` beside the server runs its commands here, on the open database.
  if (pglite) adminChannelWhileListening(app, config.dataDir, (argv) => runAdminCommand(latent, argv));
  return latent;
}

/**
 * Stops listening and lets the requests in flight (a chunk being uploaded, a zip being downloaded) finish; a
 * keep-alive connection is closed as soon as it is idle, so it cannot hold the shutdown. After `graceMs` whatever is
 * still open is cut.
 */
async function closeHttp(app: FastifyInstance, graceMs: number) {
  const idle = setInterval(() => app.server.closeIdleConnections(), 250);
  const cut = setTimeout(() => {
    app.log.warn({ graceMs }, "shutting down: requests still in flight were cut");
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

/** Stripe when its keys are set; otherwise the embedded sandbox with its checkout and portal pages. */
async function paymentProvider(
  app: FastifyInstance,
  config: Config,
  db: Kysely<Database>,
  secret: string,
  mailer: Mailer,
): Promise<PaymentProvider> {
  if (config.payments.provider === "stripe")
    return (await import("./platform/payments/stripe-provider.ts")).createStripeProvider(config.payments);
  const sandbox = createSandboxProvider({
    db,
    secret,
    publicUrl: config.publicUrl,
    mailer,
    log: app.log,
    deliver: async (body, signature) =>
      (
        await app.inject({
          method: "POST",
          url: "/api/purchases/webhook",
          payload: body,
          headers: { "content-type": "application/json", "stripe-signature": signature },
        })
      ).statusCode,
  });
  await sandboxPages(app, sandbox);
  return sandbox.provider;
}
