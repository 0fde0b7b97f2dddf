import { Readable } from "node:stream";
import { type ZipData, zipSafeName } from "@latent/domain/films";
import { AppError } from "../../platform/http/app-error.ts";
import type { LinkScope, UrlSigner } from "../../platform/http/url-signer.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { createZip, type ZipEntry } from "../../platform/zip/zip-stream.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/tiff": "tif", "image/png": "png", "image/webp": "webp" };
const ZIP_LINK_TTL_S = 3600;

interface FilmForZip {
  id: string;
  name: string;
  brand: string;
  model: string;
}

/** Zip downloads of a roll: the manifest (spec §3 zip data) and the stream itself. */
export interface DownloadsDeps {
  store: ObjectStore;
  signer: UrlSigner;
  bus: EventBus;
  films: Pick<FilmsService, "loadForSignedLink">;
  shots: Pick<ShotsService, "doneFiles">;
}

export function createDownloadsService({ store, signer, bus, films, shots: shotsOfFilm }: DownloadsDeps) {
  const baseName = (film: FilmForZip) => zipSafeName(film.name || `${film.brand} ${film.model}`);

  const files = async (film: FilmForZip) => {
    const shots = await shotsOfFilm.doneFiles(film.id);
    const width = Math.max(2, String(shots.at(-1)?.index ?? 0).length);
    return shots.map((s) => ({
      ...s,
      file_name: `${baseName(film)}-${String(s.index).padStart(width, "0")}.${EXTENSIONS[s.content_type] ?? "bin"}`,
    }));
  };

  const stream = async (film: FilmForZip) => {
    const list = await files(film);
    if (list.length === 0) throw new AppError("nothing-to-download");
    const entries: ZipEntry[] = list.map((f) => ({
      name: f.file_name,
      size: Number(f.size),
      crc32: Number(f.crc32),
      modified: f.updated_at,
      path: store.localPath?.(f.object_key),
      open: async () => {
        const object = await store.get(f.object_key);
        if (!object) throw new Error(`${f.file_name} is missing from storage`);
        return object.body;
      },
    }));
    const zip = createZip(entries, {
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
    async manifest(film: FilmForZip, scope: LinkScope = { ttlS: ZIP_LINK_TTL_S }): Promise<ZipData> {
      const list = await files(film);
      const link = { ...scope, ttlS: Math.min(scope.ttlS, ZIP_LINK_TTL_S) };
      const entries: ZipEntry[] = list.map((f) => ({
        name: f.file_name,
        size: Number(f.size),
        crc32: Number(f.crc32),
        modified: f.updated_at,
        open: async () => Readable.from([]),
      }));
      return {
        name: `${baseName(film)}.zip`,
        compression_rate: 0,
        size: createZip(entries).length,
        zip_url: signer.sign(`/zip/film/${film.id}`, link),
        files: list.map((f) => ({ file_name: f.file_name, file_url: signer.sign(`/media/${f.object_key}`, link) })),
      };
    },

    /** The zip stream with its exact length; progress per finished file goes to the film's realtime feed. */
    stream,

    /** The same, for a zip link whose signature already proved the right to it. */
    async streamById(filmId: string) {
      return stream(await films.loadForSignedLink(filmId));
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
