import { Readable } from "node:stream";
import { type ZipData, zipSafeName } from "@latent/domain/films";
import { createHook } from "../../platform/hooks/hook.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { LinkScope, UrlSigner } from "../../platform/http/url-signer.ts";
import { crc32Of } from "../../platform/metadata/crc32-combine.ts";
import { embedMetadata, OriginalUnreadable, type Spliced, splicedBytes } from "../../platform/metadata/embed-metadata.ts";
import { type FrameMetadata, xmpPacket } from "../../platform/metadata/frame-metadata.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { createZip, type ZipEntry } from "../../platform/zip/zip-stream.ts";
import type { FilmRow, FilmsService } from "../films/films.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { type FrameRow, frameMetadata, type RollFacts } from "./roll-metadata.ts";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/tiff": "tif", "image/png": "png", "image/webp": "webp" };
const ZIP_LINK_TTL_S = 3600;

interface FilmForZip {
  id: string;
  name: string;
  brand: string;
  model: string;
}

/** How the files leave: with their metadata written in (the default), or as stored with an `.xmp` file beside each. */
export type MetadataMode = "embedded" | "sidecar";

/** How many originals' headers are read at once while a zip's sizes are worked out. */
const HEADER_READS = 8;

/** Zip downloads of a roll: the manifest (spec §3 zip data) and the stream itself. */
export interface DownloadsDeps {
  store: ObjectStore;
  signer: UrlSigner;
  bus: EventBus;
  films: Pick<FilmsService, "loadForSignedLink">;
  shots: Pick<ShotsService, "doneFiles">;
  gear: Pick<GearService, "list">;
}

type DoneFile = Awaited<ReturnType<ShotsService["doneFiles"]>>[number] & FrameRow;

export function createDownloadsService({ store, signer, bus, films, shots: shotsOfFilm, gear }: DownloadsDeps) {
  const baseName = (film: FilmForZip) => zipSafeName(film.name || `${film.brand} ${film.model}`);
  /** Other features add what they know of a roll to its files (its sticker, its lab): registered at start-up. */
  const describeRoll = createHook<{ film: FilmRow; facts: RollFacts }>();

  /** Each file's metadata, built once per download from the roll, its shots and the owner's gear. */
  const metadataOf = async (film: FilmRow, list: DoneFile[]) => {
    const facts: RollFacts = { rollId: null, lab: null };
    await describeRoll.run({ film, facts });
    // Most rolls name no gear: then no gear is looked up.
    const named = (ids: (string | null)[]) => ids.some((id) => id !== null);
    const [cameras, lenses] = await Promise.all([
      named([film.camera_id, ...list.map((f) => f.camera_id)]) ? gear.list("cameras", film.user_id) : [],
      named([film.lens_id, ...list.map((f) => f.lens_id)]) ? gear.list("lenses", film.user_id) : [],
    ]);
    return list.map((f) => frameMetadata(film, f, facts, { cameras, lenses }));
  };

  /** The original with its metadata written in; null when it leaves as stored (a format we do not write into). */
  const spliceOf = (f: DoneFile, meta: FrameMetadata): Promise<Spliced | null> =>
    embedMetadata(
      {
        contentType: f.content_type,
        size: Number(f.size),
        crc32: Number(f.crc32),
        read: async (offset, length) => {
          const bytes = await store.getRange(f.object_key, offset, length);
          if (!bytes || bytes.length !== length) throw new OriginalUnreadable(`${f.object_key} is gone or shorter than its record`);
          return bytes;
        },
      },
      meta,
    );

  const originalBytes = async (f: { object_key: string; file_name: string }) => {
    const object = await store.get(f.object_key);
    if (!object) throw new Error(`${f.file_name} is missing from storage`);
    return object.body;
  };

  /** Runs `task` over `items`, `limit` at a time, answers in order. */
  const mapLimited = async <T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>) => {
    const results: R[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return results;
  };

  /**
   * A roll's zip entries: each original with its metadata in it, or as stored with a sidecar packet beside it (on
   * request, or when its format cannot hold one).
   */
  const entriesOf = async (film: FilmRow, list: (DoneFile & { file_name: string })[], mode: MetadataMode) => {
    const metas = await metadataOf(film, list);
    const spliced =
      mode === "embedded"
        ? await mapLimited(list, HEADER_READS, (f, i) => spliceOf(f, metas[i]!)).catch((err: unknown) => {
            // A scan deleted or replaced since the roll was listed: nothing is sent yet, so say so, not a broken zip.
            throw err instanceof OriginalUnreadable ? new AppError("download-changed") : err;
          })
        : [];
    return list.map((f, i): { file: ZipEntry; sidecar: ZipEntry | null } => {
      const s = spliced[i] ?? null;
      const file: ZipEntry = {
        name: f.file_name,
        size: s?.size ?? Number(f.size),
        crc32: s?.crc32 ?? Number(f.crc32),
        modified: f.updated_at,
        path: store.localPath?.(f.object_key),
        ...(s ? { splice: { head: s.head, from: s.from, tail: s.tail } } : {}),
        open: async () => {
          const body = await originalBytes(f);
          return s ? Readable.from(splicedBytes(s, body)) : body;
        },
      };
      // A file we do not write into (WebP, a TIFF near 4 GB) gets its packet beside it, as every file does on request.
      if (s) return { file, sidecar: null };
      const packet = Buffer.from(xmpPacket(metas[i]!), "utf8");
      const sidecar: ZipEntry = {
        name: f.file_name.replace(/\.[^.]+$/, ".xmp"),
        size: packet.length,
        crc32: crc32Of(packet),
        modified: f.updated_at,
        open: async () => Readable.from([packet]),
      };
      return { file, sidecar };
    });
  };

  const files = async (film: FilmForZip) => {
    const shots = await shotsOfFilm.doneFiles(film.id);
    const width = Math.max(2, String(shots.at(-1)?.index ?? 0).length);
    return shots.map((s) => ({
      ...s,
      file_name: `${baseName(film)}-${String(s.index).padStart(width, "0")}.${EXTENSIONS[s.content_type] ?? "bin"}`,
    }));
  };

  /** The zip's entries in order: each file, then its sidecar where it has one. */
  const zipEntries = (groups: { file: ZipEntry; sidecar: ZipEntry | null }[]) =>
    groups.flatMap(({ file, sidecar }) => (sidecar ? [file, sidecar] : [file]));

  const stream = async (film: FilmRow, mode: MetadataMode = "embedded") => {
    const list = await files(film);
    if (list.length === 0) throw new AppError("nothing-to-download");
    const zip = createZip(zipEntries(await entriesOf(film, list, mode)), {
      onFileDone: (done, total, name) =>
        bus.publish(film.id, {
          type: "download",
          film_id: film.id,
          progress: Math.round((done / total) * 100),
          file_name: name,
          finished: done === total,
        }),
    });
    return { ...zip, name: `${baseName(film)}.zip` };
  };

  return {
    /**
     * What the roll's zip holds, with short-lived links to the zip and to each file: at most an hour, less when
     * `scope` ends sooner, and under its grant when it has one (a share link's).
     */
    async manifest(film: FilmRow, scope: LinkScope = { ttlS: ZIP_LINK_TTL_S }): Promise<ZipData> {
      const list = await files(film);
      const link = { ...scope, ttlS: Math.min(scope.ttlS, ZIP_LINK_TTL_S) };
      return {
        name: `${baseName(film)}.zip`,
        compression_rate: 0,
        // The zip's size with every file's metadata in it, as the stream will announce it.
        size: createZip(zipEntries(await entriesOf(film, list, "embedded"))).length,
        zip_url: signer.sign(`/zip/film/${film.id}`, link),
        files: list.map((f) => ({ file_name: f.file_name, file_url: signer.sign(`/media/${f.object_key}`, link) })),
      };
    },

    /** The zip stream with its exact length; progress per finished file goes to the film's realtime feed. */
    stream,

    /** The same, for a zip link whose signature already proved the right to it. */
    async streamById(filmId: string, mode: MetadataMode = "embedded") {
      return stream(await films.loadForSignedLink(filmId), mode);
    },

    /**
     * A roll's finished scans as they leave Latent (the data export's): each with its metadata written in where its
     * format allows, its size and CRC those of the file that leaves.
     */
    async scansWithMetadata(film: FilmRow) {
      const list = await files(film);
      const entries = await entriesOf(film, list, "embedded");
      return list.map((f, i) => ({ index: f.index, content_type: f.content_type, entry: entries[i]!.file }));
    },

    /**
     * One original as a single download (`/media/…/original`), with its metadata written in: null when the key is
     * not a finished scan's.
     */
    async original(key: string) {
      const found = /^films\/([^/]+)\/shots\/([^/]+)\/original$/.exec(key);
      if (!found) return null;
      const film = await films.loadForSignedLink(found[1]!).catch(() => null);
      const file = film ? (await files(film)).find((f) => f.object_key === key) : undefined;
      if (!film || !file) return null;
      const entry = (await entriesOf(film, [file], "embedded"))[0]!.file;
      return { size: entry.size, contentType: file.content_type, body: await entry.open() };
    },

    describeRoll,
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
