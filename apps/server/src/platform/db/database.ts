import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import pg from "pg";
import * as foundation from "../../migrations/0001-foundation.ts";
import * as films from "../../migrations/0002-films.ts";
import * as visitorServices from "../../migrations/0003-visitor-services.ts";
import * as ownership from "../../migrations/0004-ownership.ts";
import * as uploadResume from "../../migrations/0005-upload-resume.ts";
import * as shareLinkManagement from "../../migrations/0006-share-link-management.ts";
import * as purchases from "../../migrations/0007-purchases.ts";
import * as accountLifecycle from "../../migrations/0008-account-lifecycle.ts";
import * as shopAndStickers from "../../migrations/0009-shop-and-stickers.ts";
import * as labsAndOrders from "../../migrations/0010-labs-and-orders.ts";
import * as storeIntegrations from "../../migrations/0011-store-integrations.ts";
import * as accountSecurity from "../../migrations/0012-account-security.ts";
import * as accountData from "../../migrations/0013-account-data.ts";
import * as uploadPartCount from "../../migrations/0014-upload-part-count.ts";
import * as paidOnce from "../../migrations/0015-paid-once.ts";
import * as orderLinkGrants from "../../migrations/0016-order-link-grants.ts";
import * as devicePairingDetails from "../../migrations/0018-device-pairing-details.ts";
import * as cacheGenerations from "../../migrations/0021-cache-generations.ts";
import * as orderCollection from "../../migrations/0022-order-collection.ts";
import * as labContactEmail from "../../migrations/0023-lab-contact-email.ts";
import * as frameExposure from "../../migrations/0024-frame-exposure.ts";
import * as rollLife from "../../migrations/0025-roll-life.ts";
import * as archiveSearch from "../../migrations/0026-archive-search.ts";
import * as labCopyOfRoll from "../../migrations/0027-lab-copy-of-roll.ts";
import * as labApiKeys from "../../migrations/0028-lab-api-keys.ts";
import * as labWebhooks from "../../migrations/0029-lab-webhooks.ts";
import * as ordersAtVolume from "../../migrations/0030-orders-at-volume.ts";
import * as guestAnswers from "../../migrations/0031-guest-answers.ts";
import * as orderAwaitingCustomer from "../../migrations/0032-order-awaiting-customer.ts";
import * as searchLockOrder from "../../migrations/0033-search-lock-order.ts";
import { withOwnSchemaIntrospection } from "./own-schema-introspection.ts";
import type { Database } from "./schema.ts";
import { type WriteWatch, watchWrites } from "./write-watch.ts";

/** Migrations in order; listed explicitly so the wiring stays visible. */
const MIGRATIONS: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-films": films,
  "0003-visitor-services": visitorServices,
  "0004-ownership": ownership,
  "0005-upload-resume": uploadResume,
  "0006-share-link-management": shareLinkManagement,
  "0007-purchases": purchases,
  "0008-account-lifecycle": accountLifecycle,
  "0009-shop-and-stickers": shopAndStickers,
  "0010-labs-and-orders": labsAndOrders,
  "0011-store-integrations": storeIntegrations,
  "0012-account-security": accountSecurity,
  "0013-account-data": accountData,
  "0014-upload-part-count": uploadPartCount,
  "0015-paid-once": paidOnce,
  "0016-order-link-grants": orderLinkGrants,
  "0018-device-pairing-details": devicePairingDetails,
  "0021-cache-generations": cacheGenerations,
  "0022-order-collection": orderCollection,
  "0023-lab-contact-email": labContactEmail,
  "0024-frame-exposure": frameExposure,
  "0025-roll-life": rollLife,
  "0026-archive-search": archiveSearch,
  "0027-lab-copy-of-roll": labCopyOfRoll,
  "0029-lab-webhooks": labWebhooks,
  "0028-lab-api-keys": labApiKeys,
  "0030-orders-at-volume": ordersAtVolume,
  "0031-guest-answers": guestAnswers,
  "0032-order-awaiting-customer": orderAwaitingCustomer,
  "0033-search-lock-order": searchLockOrder,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite under `dataDir`. */
  url?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own). */
  searchPath?: string;
  /** Told when a pooled PostgreSQL connection fails while idle (the server restarted, an operator ended it). */
  onIdleConnectionError?: (err: Error) => void;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  /** The embedded database when there is no PostgreSQL server (the job queue shares it); null otherwise. */
  pglite: PGlite | null;
  /** Told when writes made through `db` have been committed (caches of rows drop what they kept). */
  writes: WriteWatch;
}

/** Opens the database (PostgreSQL or PGlite) and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  let dialect: Dialect;
  let watch: WriteWatch;
  let pglite: PGlite | null = null;
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // pg emits an idle connection's failure on the pool, and an unheard 'error' event ends the process: the pool has
    // already dropped that connection and opens another on the next query, so it is only said.
    pool.on("error", (err) => options.onIdleConnectionError?.(err));
    ({ dialect, watch } = watchWrites(new PostgresDialect({ pool })));
    if (options.searchPath) await pool.query(`create schema if not exists "${options.searchPath}"`);
  } else {
    const dir = join(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
    ({ dialect, watch } = watchWrites(new PGliteDialect({ pglite })));
  }
  const db = new Kysely<Database>({ dialect: withOwnSchemaIntrospection(dialect, options.searchPath ?? "public") });
  const { error, results } = await new Migrator({
    db,
    provider,
    // Migrations are numbered by feature and may land out of order (0003 before 0002 on some branches).
    allowUnorderedMigrations: true,
    ...(options.searchPath ? { migrationTableSchema: options.searchPath } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
  return { db, pglite, writes: watch };
}

/** Answers when the database does (readiness probes); throws otherwise. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** `count(*)` is a number from PGlite and a string from pg. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
