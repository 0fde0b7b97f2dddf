import { type DataExport, EXPORT_DOWNLOAD_LINK_MINUTES, EXPORT_LINK_DAYS } from "@latent/domain/account";
import { paths } from "@latent/domain/app-paths";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import type { Database, DataExportsTable } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { LinkGrants } from "../../platform/http/link-grants.ts";
import type { UrlSigner } from "../../platform/http/url-signer.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { createZip, type ZipEntry } from "../../platform/zip/zip-stream.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { PurchasesService } from "../purchases/purchases.service.ts";
import type { ShopService } from "../shop/shop.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { DeletionReport, UsersService } from "../users/users.service.ts";
import {
  deleteExportsOfUser,
  findExport,
  findLatestExport,
  insertExport,
  listExpiredExports,
  listExportsOfUser,
  updateExport,
} from "./account-data.store.ts";
import type { AccountGate } from "./account-gate.ts";
import { fileEntry, jsonEntry, type RollForArchive, rollEntries } from "./export-archive.ts";

type ExportRow = Selectable<DataExportsTable>;

const DAY_MS = 24 * 3600_000;
/** The kind of link grant an archive's link is handed out under: it holds while the export is ready. */
export const EXPORT_GRANT = "export";
/** Keys of a user's exports: one folder per export, so deleting one never touches another. */
const exportPrefix = (userId: string, exportId: string) => `exports/${userId.replace(/[^a-zA-Z0-9_-]/g, "_")}/${exportId}/`;

export interface AccountDataDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
  grants: LinkGrants;
  mailer: Mailer;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** Base of the link in the "ready" mail (PUBLIC_URL). */
  publicUrl: string;
  gate: AccountGate;
  /** Queues the job that builds an export (`account-data.build-export`). */
  queueBuild(exportId: string): Promise<void>;
  users: Pick<UsersService, "get" | "deleteForever" | "pictureKey">;
  labs: Pick<LabProfileService, "mine" | "logoKey">;
  gear: Pick<GearService, "list">;
  films: Pick<FilmsService, "list" | "get" | "loadForSignedLink">;
  downloads: Pick<DownloadsService, "scansWithMetadata">;
  shop: Pick<ShopService, "list">;
  stickers: Pick<StickersService, "list">;
  purchases: Pick<PurchasesService, "mine" | "hasPaidSubscription">;
  now?: () => Date;
}

/** "Your data, yours" (issue 12): the archive of everything a user keeps here, and deleting the account for good. */
export function createAccountDataService(deps: AccountDataDeps) {
  const { db, store, signer, grants, mailer, log, gate, users } = deps;
  const now = deps.now ?? (() => new Date());

  const toDataExport = (row: ExportRow | undefined): DataExport => {
    if (!row) return { status: "none", progress: 0, url: null, size: null, created_at: null, expires_at: null };
    const at = now();
    const expired = row.status === "expired" || (row.status === "ready" && row.expires_at !== null && row.expires_at <= at);
    const ready = row.status === "ready" && !expired && row.object_key !== null && row.expires_at !== null;
    // Only the signed-in owner asks for it: a link of minutes, under a grant that ends with the export (its expiry,
    // the account's deletion), never one that opens the archive for days without a session.
    const ttlS = ready ? Math.min(EXPORT_DOWNLOAD_LINK_MINUTES * 60, Math.ceil((row.expires_at!.getTime() - at.getTime()) / 1000)) : 0;
    return {
      status: expired ? "expired" : row.status,
      progress: row.progress,
      url: ready ? signer.sign(`/media/${row.object_key}`, { ttlS, grant: grants.name(EXPORT_GRANT, row.id) }, at.getTime()) : null,
      size: row.size === null ? null : Number(row.size),
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at?.toISOString() ?? null,
    };
  };

  /** Everything the archive holds, as zip entries whose sizes and CRCs are known before the first byte is written. */
  const entriesOf = async (userId: string, at: Date): Promise<ZipEntry[]> => {
    const profile = await users.get(userId);
    const [cameras, lenses, shipments, stickers, subscriptions] = await Promise.all([
      deps.gear.list("cameras", userId),
      deps.gear.list("lenses", userId),
      deps.shop.list(userId),
      deps.stickers.list(userId),
      // `mine` answers the API's 404 when there are none: an empty list here.
      deps.purchases.mine(userId).catch((err) => {
        if (err instanceof AppError && err.code === "no-subscriptions-found") return [];
        throw err;
      }),
    ]);
    const entries = [
      jsonEntry("profile.json", { ...profile, picture: null }, at),
      jsonEntry("gear.json", { cameras, lenses }, at),
      jsonEntry("shipments.json", shipments, at),
      jsonEntry("stickers.json", stickers, at),
      jsonEntry("subscriptions.json", subscriptions, at),
    ];
    // The pictures the person gave us go with their data (stored re-encoded as WebP).
    const stored = async (name: string, key: string | null) => {
      const object = key ? await store.get(key) : null;
      if (object) entries.push(fileEntry(name, Buffer.concat(await object.body.toArray()), at));
    };
    await stored("profile-picture.webp", await users.pictureKey(userId));
    if (profile.role === "lab") {
      entries.push(jsonEntry("lab.json", { ...(await deps.labs.mine(userId)), logo_url: null }, at));
      await stored("lab-logo.webp", await deps.labs.logoKey(userId));
    }
    const folders = new Set<string>();
    for (const summary of await deps.films.list(userId, {})) {
      const film = await deps.films.get(userId, summary.id);
      const names = new Map(film.shots.map((shot) => [shot.index, shot.file_name]));
      // Finished scans only, each as it leaves Latent: with its film and frame written in (issue 28), its size and CRC
      // known before the archive streams.
      const scans = await deps.downloads.scansWithMetadata(await deps.films.loadForSignedLink(film.id));
      const roll: RollForArchive = {
        id: film.id,
        name: film.name,
        fields: film,
        scans: scans.map(({ index, content_type, entry }) => ({
          index,
          file_name: names.get(index) ?? null,
          content_type,
          size: entry.size,
          crc32: entry.crc32,
          modified: entry.modified,
          open: entry.open,
        })),
      };
      entries.push(...rollEntries(roll, folders, at));
    }
    return entries;
  };

  const build = async (row: ExportRow) => {
    const at = now();
    const key = `${exportPrefix(row.user_id, row.id)}latent-data-${at.toISOString().slice(0, 10)}.zip`;
    const entries = await entriesOf(row.user_id, at);
    // Progress is files written over files to write; writes are chained so they land in order.
    let progressWrites: Promise<unknown> = Promise.resolve();
    const zip = createZip(entries, {
      onFileDone: (done, total) => {
        const progress = Math.min(99, Math.floor((done / total) * 100));
        progressWrites = progressWrites.then(() => updateExport(db, row.id, { progress }));
      },
    });
    const stored = await store.put(key, zip.stream, "application/zip");
    await progressWrites;
    const finished = now();
    const ready = await updateExport(db, row.id, {
      status: "ready",
      progress: 100,
      object_key: key,
      size: stored.size,
      finished_at: finished,
      expires_at: new Date(finished.getTime() + EXPORT_LINK_DAYS * DAY_MS),
    });
    // The account was deleted while the archive was being written: it must not outlive it.
    if (!ready) {
      await store.deletePrefix(exportPrefix(row.user_id, row.id));
      return;
    }
    const profile = await users.get(row.user_id).catch(() => null);
    if (profile?.email) await mailer.send(readyMail(profile.email, deps.publicUrl));
    log.info({ export_id: row.id, size: stored.size, files: entries.length }, "data export ready");
  };

  return {
    /** Queues a new export of the user's data; `export-running` while one is queued or being built. */
    async request(userId: string): Promise<DataExport> {
      const latest = await findLatestExport(db, userId);
      if (latest && (latest.status === "queued" || latest.status === "running")) throw new AppError("export-running");
      let row: ExportRow;
      try {
        row = await insertExport(db, userId);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("export-running");
        throw err;
      }
      await deps.queueBuild(row.id);
      return toDataExport(row);
    },

    /** The user's latest export and where it stands; a ready one carries its signed link until it expires. */
    async latest(userId: string): Promise<DataExport> {
      return toDataExport(await findLatestExport(db, userId));
    },

    /** Builds a queued export into one zip in the store (the job's work); a failure marks it failed and keeps nothing. */
    async build(exportId: string) {
      const row = await findExport(db, exportId);
      if (row?.status !== "queued") return;
      await updateExport(db, row.id, { status: "running", progress: 0 });
      try {
        await build(row);
      } catch (err) {
        log.error({ export_id: row.id, error: (err as Error).message }, "data export failed");
        await store.deletePrefix(exportPrefix(row.user_id, row.id)).catch(() => undefined);
        await updateExport(db, row.id, { status: "failed", finished_at: now() });
      }
    },

    /** Deletes the archives whose link expired (the daily job); the rows stay, as `expired`. Answers how many. */
    async deleteExpired() {
      const rows = await listExpiredExports(db, now());
      for (const row of rows) {
        await store.deletePrefix(exportPrefix(row.user_id, row.id));
        await updateExport(db, row.id, { status: "expired", object_key: null });
      }
      if (rows.length) log.info({ count: rows.length }, "expired data exports deleted");
      return rows.length;
    },

    /** Whether an archive's link may still open it: the export is ready and not past its days. */
    async downloadable(exportId: string): Promise<boolean> {
      const row = await findExport(db, exportId);
      return row?.status === "ready" && row.expires_at !== null && row.expires_at > now();
    },

    /** Deletes the user's exports and their archives (the account is being deleted); answers how many. */
    async deleteAllOfUser(userId: string) {
      for (const row of await listExportsOfUser(db, userId)) await store.deletePrefix(exportPrefix(userId, row.id));
      return deleteExportsOfUser(db, userId);
    },

    /**
     * The person deletes their own account: the password (and two-factor code) first, then everything, at once.
     * A blocked account may too: its data is still its owner's.
     */
    async deleteAccount(userId: string, password: string, code?: string): Promise<DeletionReport> {
      await gate.confirmSecret(userId, password, code);
      // Deleting the account cannot stop the provider's charges: a live paid subscription is cancelled first.
      if (await deps.purchases.hasPaidSubscription(userId)) throw new AppError("subscription-active");
      return this.deleteForever(userId);
    },

    /**
     * Deletes the account without asking for its secret (the operator's command, for support): the sign-in account,
     * sessions and tokens first, so nothing new arrives, then every row and file of the user.
     */
    async deleteForever(userId: string): Promise<DeletionReport> {
      await gate.deleteAccount(userId);
      return users.deleteForever(userId);
    },
  };
}

/**
 * The "ready" mail links to the profile page, which asks the person to sign in and then offers the download: a link
 * to the archive itself would open it without a session for as long as the mail is kept.
 */
function readyMail(to: string, publicUrl: string) {
  const link = `${publicUrl}${paths.user.profile}`;
  return {
    to,
    subject: "Your Latent data is ready",
    text: [
      "The archive of your Latent data (profile, gear, rolls and their original scans) is ready.",
      `Download it from your profile within ${EXPORT_LINK_DAYS} days: ${link}`,
      "",
      "If you did not ask for it, sign in and change your password.",
    ].join("\n"),
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
