import type { ZipData } from "@latent/domain/films";
import type { ApiErrorCode } from "../../../shared/api/api-error.ts";
import { saveFile } from "../../../shared/device/save-file.ts";

/** Spec §3 download state, kept per roll under the local key `downloadData`. */
export interface DownloadData {
  /**
   * Percent of the zip's files done (spec §4), from the roll's realtime feed, which reports each file the server
   * has written; 100 once the zip is saved.
   */
  progress: number;
  /** Bytes of the zip received so far, and its whole size: shown besides, and the only measure without the feed. */
  received: number;
  size: number;
  isDownloading: boolean;
  downloadFinished: boolean;
  /** The zip's file name, once known. */
  name: string | null;
  /** Why the last download stopped: an API error code, `download-interrupted` or `download-empty`; null otherwise. */
  error: string | null;
}

export type DownloadState = Readonly<Record<string, DownloadData>>;

export const DOWNLOAD_DATA_KEY = "downloadData";
export const DOWNLOAD_INTERRUPTED = "download-interrupted";
export const DOWNLOAD_EMPTY = "download-empty";

export interface DownloadDeps {
  fetch?: typeof fetch;
  /** Hands the finished zip to the browser as a file. */
  save?: (blob: Blob, name: string) => void;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  sleep?: (ms: number) => Promise<void>;
}

/** Received bytes are handed to a Blob every 8 MiB: the browser may keep Blob data on disk, not in the page's memory. */
const FOLD_BYTES = 8 * 1024 * 1024;
/** Spec §8: a refused download waits 2 seconds, fetches a new link and tries once more. */
const RETRY_DELAY_MS = 2000;

export class DownloadError extends Error {
  readonly code: ApiErrorCode | typeof DOWNLOAD_EMPTY;
  constructor(code: ApiErrorCode | typeof DOWNLOAD_EMPTY, message: string = code) {
    super(message);
    this.code = code;
  }
}

function restore(storage: DownloadDeps["storage"]): DownloadState {
  try {
    const saved = JSON.parse(storage?.getItem(DOWNLOAD_DATA_KEY) ?? "{}") as Record<string, DownloadData>;
    const state: Record<string, DownloadData> = {};
    for (const [key, data] of Object.entries(saved)) {
      if (!data || typeof data !== "object") continue;
      // Saved before the bytes were kept: they count as none.
      const known: DownloadData = { ...data, received: data.received ?? 0, size: data.size ?? 0 };
      // A download lives in the page: one that was running when the page was left is gone.
      state[key] = known.isDownloading ? { ...known, isDownloading: false, progress: 0, error: DOWNLOAD_INTERRUPTED } : known;
    }
    return state;
  } catch {
    return {};
  }
}

/**
 * Downloads a roll's zip in the page, counting its bytes against the manifest's size so the user sees the progress,
 * then saves it as a file (spec §4 zip download). One download per roll at a time; any number of rolls at once.
 */
export function createDownloadManager(deps: DownloadDeps = {}) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const save = deps.save ?? saveFile;
  const storage = deps.storage ?? null;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  let state: DownloadState = restore(storage);
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();

  const commit = (next: DownloadState) => {
    state = next;
    try {
      if (Object.keys(state).length === 0) storage?.removeItem(DOWNLOAD_DATA_KEY);
      else storage?.setItem(DOWNLOAD_DATA_KEY, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the download goes on.
    }
    for (const listener of listeners) listener();
  };
  const put = (key: string, change: Partial<DownloadData>) => {
    const current = state[key] ?? {
      progress: 0,
      received: 0,
      size: 0,
      isDownloading: false,
      downloadFinished: false,
      name: null,
      error: null,
    };
    commit({ ...state, [key]: { ...current, ...change } });
  };

  async function open(manifest: ZipData, signal: AbortSignal): Promise<Response> {
    const response = await doFetch(manifest.zip_url, { signal });
    if (!response.ok || !response.body)
      throw new DownloadError(response.status === 404 ? "not-found" : "internal-error", response.statusText);
    return response;
  }

  async function receive(key: string, response: Response, size: number, signal: AbortSignal): Promise<Blob> {
    const reader = response.body!.getReader();
    const parts: Blob[] = [];
    let pending: Uint8Array<ArrayBuffer>[] = [];
    let pendingBytes = 0;
    let received = 0;
    let lastPercent = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw new DOMException("The download was cancelled", "AbortError");
      if (done) break;
      pending.push(value as Uint8Array<ArrayBuffer>);
      pendingBytes += value.byteLength;
      received += value.byteLength;
      if (pendingBytes >= FOLD_BYTES) {
        parts.push(new Blob(pending));
        pending = [];
        pendingBytes = 0;
      }
      // The bytes are shown per percent, not per chunk: a 2 GB zip would otherwise render thousands of times.
      const percent = Math.min(99, Math.floor((received / size) * 100));
      if (percent !== lastPercent) {
        lastPercent = percent;
        put(key, { received });
      }
    }
    if (received !== size) throw new DownloadError("network-error", `Received ${received} of ${size} bytes`);
    parts.push(new Blob(pending));
    return new Blob(parts, { type: "application/zip" });
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    /** True while any zip is still arriving: leaving the page now would lose it (spec §2, §8). */
    hasDownloading: () => Object.values(state).some((d) => d.isDownloading),

    /**
     * Starts downloading the zip of a roll. `manifest` is asked again for a fresh link when the first one is
     * refused (its signature may have expired).
     */
    async start(key: string, manifest: () => Promise<ZipData>) {
      if (state[key]?.isDownloading) return;
      const controller = new AbortController();
      controllers.set(key, controller);
      put(key, { progress: 0, received: 0, size: 0, isDownloading: true, downloadFinished: false, error: null });
      try {
        let zip = await manifest();
        if (zip.files.length === 0) throw new DownloadError(DOWNLOAD_EMPTY);
        put(key, { name: zip.name });
        let response: Response;
        try {
          response = await open(zip, controller.signal);
        } catch (err) {
          if (controller.signal.aborted) throw err;
          await sleep(RETRY_DELAY_MS);
          zip = await manifest();
          response = await open(zip, controller.signal);
        }
        const size = zip.size || Number(response.headers.get("content-length")) || 1;
        put(key, { size });
        const blob = await receive(key, response, size, controller.signal);
        save(blob, zip.name);
        put(key, { progress: 100, received: size, isDownloading: false, downloadFinished: true });
      } catch (err) {
        if (controller.signal.aborted) {
          put(key, { progress: 0, isDownloading: false, downloadFinished: false, error: null });
          return;
        }
        const code =
          err instanceof DownloadError
            ? err.code
            : typeof (err as { code?: unknown })?.code === "string"
              ? (err as { code: string }).code
              : err instanceof TypeError
                ? "network-error"
                : "internal-error";
        put(key, { isDownloading: false, downloadFinished: false, error: code });
      } finally {
        if (controllers.get(key) === controller) controllers.delete(key);
      }
    },

    /**
     * The roll's realtime feed says the server has written `percent` of the zip's files (spec §4: each finished file
     * raises the progress). Only a running download moves, never backwards; it reaches 100 once the zip is saved.
     */
    fileDone(key: string, percent: number) {
      const current = state[key];
      if (!current?.isDownloading || !Number.isFinite(percent)) return;
      const progress = Math.min(99, Math.max(current.progress, Math.round(percent)));
      if (progress !== current.progress) put(key, { progress });
    },

    cancel(key: string) {
      controllers.get(key)?.abort();
    },

    /** Forgets a finished or failed download once the user has seen it. */
    dismiss(key: string) {
      if (state[key]?.isDownloading) return;
      const next = { ...state };
      delete next[key];
      commit(next);
    },
  };
}

export type DownloadManager = ReturnType<typeof createDownloadManager>;
