import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Cooldown } from "../cooldown/cooldown.ts";
import type { CacheGenerations } from "../db/cache-generations.ts";
import type { Database } from "../db/schema.ts";
import type { Hook } from "../hooks/hook.ts";
import type { LinkGrants } from "../http/link-grants.ts";
import type { UrlSigner } from "../http/url-signer.ts";
import type { RequireScopes } from "../identity/authenticate.ts";
import type { CallerChecks } from "../identity/caller-checks.ts";
import type { Caller } from "../identity/verify-token.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { ObjectStore } from "../storage/object-store.ts";

/** The adapters built once from the Config; a feature module takes what it needs from here. */
export interface Platform {
  config: Config;
  /** For the feature's own store only: another feature's tables are reached through its service. */
  db: Kysely<Database>;
  /** What keeps copies of rows (a reply cache) follows to prove them fresh on every instance (decision 0021). */
  cacheGenerations: CacheGenerations;
  store: ObjectStore;
  signer: UrlSigner;
  /** Revocable grants that signed links and feed tickets may be handed out under (a share link's). */
  grants: LinkGrants;
  /** The server's own secret (signs media links, realtime tickets, unsubscribe links). */
  secret: string;
  mailer: Mailer;
  cooldown: Cooldown;
  bus: EventBus;
  /** The memo of per-request account checks: whoever changes an account or ends a grant may drop its entries here. */
  callerChecks: CallerChecks;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Prometheus metrics (`/metrics`): features report what only they see (a scan's processing time, the queue). */
  metrics: Metrics;
}

/** What every feature module receives: the platform, where to put its routes, and the API's guard. */
export interface ModuleContext {
  platform: Platform;
  /** Routes outside the product API (signed media and zip links, the realtime feed, visitor services). */
  root: FastifyInstance;
  /** Registers routes under `/api` (the product API of spec §7). */
  api(routes: (api: FastifyInstance) => void | Promise<void>): Promise<void>;
  /** Guards an API route: a valid bearer token carrying every given scope. */
  requireScopes: RequireScopes;
  /** Runs once per authenticated request with its caller (the users feature creates the user on first sight). */
  callerSeen: Hook<Caller>;
}
