import type { ZipData } from "@latent/domain/films";
import type { ApiErrorCode } from "../../../shared/api/api-error.ts";
import { downloadFromUrl } from "../../../shared/device/browser-download.ts";

/**
 * Spec §3 download state, kept per roll under the local key `downloadData`. The zip itself is the browser's download
 * (decision 0043): the page checks the link, hands it over, then follows the roll's realtime feed.
 */
export interface DownloadData {
  /** Percent of the zip's files the server has written (spec §4), from the roll's realtime feed. */
  progress: number;
  /** From the click until the feed reports the last file written (or the user hides it): the browser has the zip. */
  isDownloading: boolean;
  downloadFinished: boolean;
  /** While the link is being checked, before the browser has it: the only time the download lives in the page. */
  preparing: boolean;
  /** The zip's file name, once known. */
  name: string | null;
  /** Why the download could not start: an API error code or `download-empty`; null otherwise. */
  error: string | null;
}

export type DownloadState = Readonly<Record<string, DownloadData>>;

export const DOWNLOAD_DATA_KEY = "downloadData";
export const DOWNLOAD_EMPTY = "download-empty";

export interface DownloadDeps {
  fetch?: typeof fetch;
  /** Hands the checked link to the browser's own download. */
  download?: (url: string, name: string) => void;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  sleep?: (ms: number) => Promise<void>;
}

/** Spec §8: a refused download waits 2 seconds, fetches a new link and tries once more. */
const RETRY_DELAY_MS = 2000;

export class DownloadError extends Error {
  readonly code: ApiErrorCode | typeof DOWNLOAD_EMPTY;
  constructor(code: ApiErrorCode | typeof DOWNLOAD_EMPTY, message: string = code) {
    super(message);
    this.code = code;
  }
}

/** A link refused for its signature (expired, or its share revoked): a fresh one may pass (spec §8). */
class RefusedLink extends DownloadError {}

function restore(storage: DownloadDeps["storage"]): DownloadState {
  try {
    const saved = JSON.parse(storage?.getItem(DOWNLOAD_DATA_KEY) ?? "{}") as Record<string, Partial<DownloadData>>;
    const state: Record<string, DownloadData> = {};
    for (const [key, data] of Object.entries(saved)) {
      if (!data || typeof data !== "object") continue;
      // A link still being checked when the page was left never reached the browser: nothing to show. One handed
      // over is the browser's, and goes on: the feed may still report its files.
      if (data.preparing) continue;
      state[key] = {
        progress: data.progress ?? 0,
        isDownloading: data.isDownloading ?? false,
        downloadFinished: data.downloadFinished ?? false,
        preparing: false,
        name: data.name ?? null,
        error: data.error ?? null,
      };
    }
    return state;
  } catch {
    return {};
  }
}

const codeOf = (err: unknown): string =>
  err instanceof DownloadError
    ? err.code
    : typeof (err as { code?: unknown })?.code === "string"
      ? (err as { code: string }).code
      : err instanceof TypeError
        ? "network-error"
        : "internal-error";

/**
 * The zip download of rolls (spec §4): checks a roll's signed zip link, fetching a fresh one once when it is refused,
 * then lets the browser download it natively, so a zip of any size never passes through the page. One check per
 * roll at a time; any number of rolls at once.
 */
export function createDownloadManager(deps: DownloadDeps = {}) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const download = deps.download ?? downloadFromUrl;
  const storage = deps.storage ?? null;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  let state: DownloadState = restore(storage);
  const listeners = new Set<() => void>();

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
      isDownloading: false,
      downloadFinished: false,
      preparing: false,
      name: null,
      error: null,
    };
    commit({ ...state, [key]: { ...current, ...change } });
  };

  /**
   * Asks for the zip's headers only (HEAD): the browser's download could not say why a link failed, the page can.
   * Nothing of the zip is sent, and the feed reports nothing.
   */
  async function check(zip: ZipData) {
    const response = await doFetch(zip.zip_url, { method: "HEAD", cache: "no-store" });
    if (response.ok) return;
    if (response.status === 401 || response.status === 403) throw new RefusedLink("forbidden");
    throw new DownloadError(response.status === 404 ? "not-found" : "internal-error", response.statusText);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    /** True while a link is still being checked: leaving the page then would lose the download (spec §2, §8). */
    hasDownloading: () => Object.values(state).some((d) => d.preparing),

    /**
     * Starts the zip download of a roll. `manifest` is asked again for a fresh link when the first one is refused
     * (its signature may have expired, spec §8).
     */
    async start(key: string, manifest: () => Promise<ZipData>) {
      if (state[key]?.preparing) return;
      put(key, { progress: 0, isDownloading: true, preparing: true, downloadFinished: false, error: null });
      try {
        let zip = await manifest();
        if (zip.files.length === 0) throw new DownloadError(DOWNLOAD_EMPTY);
        put(key, { name: zip.name });
        try {
          await check(zip);
        } catch (err) {
          if (!(err instanceof RefusedLink)) throw err;
          await sleep(RETRY_DELAY_MS);
          zip = await manifest();
          await check(zip);
        }
        download(zip.zip_url, zip.name);
        put(key, { name: zip.name, preparing: false });
      } catch (err) {
        put(key, { isDownloading: false, preparing: false, downloadFinished: false, error: codeOf(err) });
      }
    },

    /**
     * The roll's realtime feed says the server has written `percent` of the zip's files (spec §4: each finished file
     * raises the progress). Only a download handed to the browser moves, never backwards; the last file finishes it.
     */
    fileDone(key: string, percent: number) {
      const current = state[key];
      if (!current?.isDownloading || current.preparing || !Number.isFinite(percent)) return;
      const progress = Math.min(100, Math.max(current.progress, Math.round(percent)));
      if (progress === 100) put(key, { progress, isDownloading: false, downloadFinished: true });
      else if (progress !== current.progress) put(key, { progress });
    },

    /** Forgets a download once the user has seen it: the browser's own download, if any, goes on. */
    dismiss(key: string) {
      if (state[key]?.preparing) return;
      const next = { ...state };
      delete next[key];
      commit(next);
    },
  };
}

export type DownloadManager = ReturnType<typeof createDownloadManager>;
