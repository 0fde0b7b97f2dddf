import { randomUUID } from "node:crypto";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_VERSION, API_VERSION_HEADER, SCOPES } from "@latent/domain/api";
import { ERROR_MESSAGES } from "@latent/domain/errors";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { Config } from "./config.ts";
import { betaRoutes } from "./features/beta/beta.routes.ts";
import { createBetaService } from "./features/beta/beta.service.ts";
import { contactRoutes } from "./features/contact/contact.routes.ts";
import { createContactService } from "./features/contact/contact.service.ts";
import { createSenderLimit } from "./features/contact/sender-limit.ts";
import { downloadsApiRoutes, zipRoutes } from "./features/downloads/downloads.routes.ts";
import { createDownloadsService } from "./features/downloads/downloads.service.ts";
import { filmsRoutes } from "./features/films/films.routes.ts";
import { createFilmsService } from "./features/films/films.service.ts";
import { gearRoutes } from "./features/gear/gear.routes.ts";
import { createGearService } from "./features/gear/gear.service.ts";
import { mediaRoutes } from "./features/media/media.routes.ts";
import { newsletterRoutes } from "./features/newsletter/newsletter.routes.ts";
import { createNewsletterService } from "./features/newsletter/newsletter.service.ts";
import { createUnsubscribeTokens } from "./features/newsletter/unsubscribe-token.ts";
import { realtimeRoutes } from "./features/realtime/realtime.routes.ts";
import { createTicketIssuer } from "./features/realtime/realtime-tickets.ts";
import { sharesRoutes } from "./features/shares/shares.routes.ts";
import { createSharesService } from "./features/shares/shares.service.ts";
import { createShotProcessor, DEFAULT_PROCESSING, type ShotProcessor } from "./features/shots/shot-processing.ts";
import { shotsRoutes } from "./features/shots/shots.routes.ts";
import { createShotsService } from "./features/shots/shots.service.ts";
import { staticDataRoutes } from "./features/static-data/static-data.routes.ts";
import { systemRoutes } from "./features/system/system.routes.ts";
import { uploadsRoutes } from "./features/uploads/uploads.routes.ts";
import { createUploadsService, type UploadsService } from "./features/uploads/uploads.service.ts";
import { usersRoutes } from "./features/users/users.routes.ts";
import { createUsersService } from "./features/users/users.service.ts";
import { serveWebApp } from "./features/web/spa.ts";
import { createMemoryCooldown } from "./platform/cooldown/memory-cooldown.ts";
import { createRedisCooldown } from "./platform/cooldown/redis-cooldown.ts";
import { openDatabase } from "./platform/db/database.ts";
import type { Database } from "./platform/db/schema.ts";
import { registerErrorHandling } from "./platform/http/app-error-handler.ts";
import { createUrlSigner } from "./platform/http/url-signer.ts";
import { requireScopes } from "./platform/identity/authenticate.ts";
import { loadUrlSigningSecret } from "./platform/identity/embedded/signing-keys.ts";
import { type Identity, setUpIdentity } from "./platform/identity/identity.ts";
import { createOutboxMailer } from "./platform/mail/outbox-mailer.ts";
import { createSmtpMailer } from "./platform/mail/smtp-mailer.ts";
import { createLocalEventBus, createRedisEventBus, type EventBus } from "./platform/realtime/event-bus.ts";
import { createFsStore } from "./platform/storage/fs-store.ts";
import { createS3Store } from "./platform/storage/s3-store.ts";

export interface BuildOptions {
  /** PostgreSQL schema to work in (tests isolate themselves). */
  searchPath?: string;
}

export interface Latent {
  app: FastifyInstance;
  config: Config;
  db: Kysely<Database>;
  identity: Identity;
  bus: EventBus;
  processor: ShotProcessor;
  uploads: UploadsService;
  close(): Promise<void>;
}

/** Builds the whole server from a Config: adapters once, then each feature with the services it needs. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Latent> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", "req.headers['x-latent-dev-secret']"],
      serializers: {
        // Query strings can carry share codes and tickets: never log them.
        req: (req) => ({ method: req.method, url: String(req.url).split("?")[0], remoteAddress: req.ip }),
      },
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    requestTimeout: 3_600_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, searchPath: options.searchPath });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  const store = config.s3 ? createS3Store({ ...config.s3, logger: app.log }) : createFsStore(join(config.dataDir, "objects"));
  const urlSecret = await loadUrlSigningSecret(db, config.secretKey);
  const signer = createUrlSigner(urlSecret);
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }, app.log)
    : createOutboxMailer(db, app.log);
  // "One per minute" limits of the visitor forms; shared by every instance when Redis is configured.
  const cooldown = redis ? createRedisCooldown(redis) : createMemoryCooldown();
  const bus = config.redisUrl ? createRedisEventBus(config.redisUrl) : createLocalEventBus();

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header(API_VERSION_HEADER, API_VERSION);
    const asked = request.headers[API_VERSION_HEADER.toLowerCase()];
    if (asked !== undefined && asked !== API_VERSION && request.url.startsWith("/api/")) {
      return reply
        .status(400)
        .send({ error: "unsupported-api-version", message: `${ERROR_MESSAGES["unsupported-api-version"]}: use ${API_VERSION}` });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Latent API", version: API_VERSION, description: "Film rolls, scans, gear and labs." },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: `Scopes: ${SCOPES.join(", ")}` },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  const spaFallback = await serveWebApp(app, config.webDist);
  registerErrorHandling(app, spaFallback);

  const identity = await setUpIdentity(app, db, config, redis);
  const users = createUsersService({ db, store, signer });
  const guard = requireScopes(identity.verify, (caller) => users.ensure(caller));

  const shots = createShotsService({ db, store, signer, bus });
  const films = createFilmsService({ db, store, signer, shots });
  const processor = createShotProcessor(
    { db, store, shots, log: app.log },
    {
      ...DEFAULT_PROCESSING,
      concurrency: config.uploads.processingConcurrency,
      maxPixels: config.uploads.maxImagePixels,
      tmpDir: join(config.dataDir, "tmp"),
    },
  );
  const uploads = createUploadsService({ db, store, films, shots, processor, maxShotBytes: config.uploads.maxShotBytes });
  const shares = createSharesService({ db, films });
  const downloads = createDownloadsService({ db, store, signer, bus });
  const tickets = createTicketIssuer(urlSecret);

  systemRoutes(app, { db, config });
  mediaRoutes(app, { store, signer });
  // Visitor services live at the root: the spec lists them as services apart from the product API (§7).
  contactRoutes(app, {
    contact: createContactService({ db, mailer, senders: createSenderLimit(cooldown, "contact"), operator: config.mail.contactTo }),
  });
  newsletterRoutes(app, {
    newsletter: createNewsletterService({
      db,
      mailer,
      senders: createSenderLimit(cooldown, "newsletter"),
      unsubscribeTokens: createUnsubscribeTokens(urlSecret),
      publicUrl: config.publicUrl,
      now: () => new Date(),
    }),
    publicUrl: config.publicUrl,
  });
  betaRoutes(app, {
    beta: createBetaService({ db, now: () => new Date(), capacity: config.beta.capacity, closesAt: config.beta.closesAt }),
  });
  zipRoutes(app, { downloads, signer });
  await realtimeRoutes(app, { bus, tickets, publicUrl: config.publicUrl });
  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      usersRoutes(api, { users, requireScopes: guard });
      gearRoutes(api, { gear: createGearService(db), requireScopes: guard });
      staticDataRoutes(api);
      filmsRoutes(api, { films, requireScopes: guard });
      shotsRoutes(api, { films, shots, requireScopes: guard });
      uploadsRoutes(api, { uploads, requireScopes: guard });
      downloadsApiRoutes(api, { films, downloads, requireScopes: guard });
      sharesRoutes(api, { shares, films, downloads, tickets, requireScopes: guard });
    },
    { prefix: "/api" },
  );

  processor.start();
  // Housekeeping that any instance may do: abandoned uploads (24 h) and long-expired share links.
  const housekeeping = setInterval(() => {
    void uploads.sweepAbandoned().catch((err) => app.log.error({ err }, "upload sweep failed"));
    void shares.prune().catch((err) => app.log.error({ err }, "share prune failed"));
  }, 3600_000);
  housekeeping.unref();

  return {
    app,
    config,
    db,
    identity,
    bus,
    processor,
    uploads,
    async close() {
      clearInterval(housekeeping);
      await processor.stop();
      await app.close();
      await bus.close();
      await db.destroy();
      redis?.disconnect();
    },
  };
}
