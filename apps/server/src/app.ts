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
import { gearRoutes } from "./features/gear/gear.routes.ts";
import { createGearService } from "./features/gear/gear.service.ts";
import { mediaRoutes } from "./features/media/media.routes.ts";
import { systemRoutes } from "./features/system/system.routes.ts";
import { usersRoutes } from "./features/users/users.routes.ts";
import { createUsersService } from "./features/users/users.service.ts";
import { serveWebApp } from "./features/web/spa.ts";
import { openDatabase } from "./platform/db/database.ts";
import type { Database } from "./platform/db/schema.ts";
import { registerErrorHandling } from "./platform/http/app-error-handler.ts";
import { createUrlSigner } from "./platform/http/url-signer.ts";
import { requireScopes } from "./platform/identity/authenticate.ts";
import { loadUrlSigningSecret } from "./platform/identity/embedded/signing-keys.ts";
import { type Identity, setUpIdentity } from "./platform/identity/identity.ts";
import { createFsStore } from "./platform/storage/fs-store.ts";

export interface BuildOptions {
  /** PostgreSQL schema to work in (tests isolate themselves). */
  searchPath?: string;
}

export interface Latent {
  app: FastifyInstance;
  db: Kysely<Database>;
  identity: Identity;
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
  const store = createFsStore(join(config.dataDir, "objects"));
  const signer = createUrlSigner(await loadUrlSigningSecret(db, config.secretKey));

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

  systemRoutes(app, { db, config });
  mediaRoutes(app, { store, signer });
  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      usersRoutes(api, { users, requireScopes: guard });
      gearRoutes(api, { gear: createGearService(db), requireScopes: guard });
    },
    { prefix: "/api" },
  );

  return {
    app,
    db,
    identity,
    async close() {
      await app.close();
      await db.destroy();
      redis?.disconnect();
    },
  };
}
