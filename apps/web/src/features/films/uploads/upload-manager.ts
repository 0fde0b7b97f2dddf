import type { ShotContentType, ShotState, UploadPartReceipt, UploadRequest, UploadResponse } from "@latent/domain/films";
import { sendWithProgress, type TokenSource } from "../../../shared/api/api-client.ts";
import { ApiError, type ApiErrorCode, NETWORK_ERROR } from "../../../shared/api/api-error.ts";

/** Spec §3/§4: a shot being sent, sent and being processed, failed, processed, or cancelled by the user. */
export type UploadShotState = "uploading" | "pending" | "error" | "done" | "canceled";

export interface UploadShot {
  index: number;
  state: UploadShotState;
  /** Percent of the file's bytes sent. */
  progress: number;
  /** An API error code (translated where shown), or the server's message about processing; null while all is well. */
  errorMessage: string | null;
  fileName: string;
}

/** Upload state per film (spec §3), persisted under the local key `uploadState`. */
export type UploadState = Readonly<Record<string, { shots: readonly UploadShot[] }>>;

export const UPLOAD_STATE_KEY = "uploadState";
/** errorMessage of uploads that were still sending when the page was left: their files are gone with the page. */
export const UPLOAD_INTERRUPTED = "upload-interrupted";

export interface UploadItem {
  index: number;
  file: File;
  contentType: ShotContentType;
}

/** Sends one chunk; `onProgress` gets the bytes of this chunk sent so far. Failures throw ApiError (status 0: no answer). */
export type SendChunk = (
  url: string,
  body: Blob,
  token: string | null,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<UploadPartReceipt>;

/** A chunk may take long on a slow line (spec §9: chunk uploads time out after 1 hour). */
const CHUNK_TIMEOUT_MS = 3_600_000;

/** PUT of a chunk's raw bytes through the API client's XMLHttpRequest path, the one that reports upload progress. */
export const sendChunkWithProgress: SendChunk = (url, body, token, onProgress, signal) =>
  sendWithProgress<UploadPartReceipt>(url, { method: "PUT", bytes: body, signal, timeoutMs: CHUNK_TIMEOUT_MS }, token, onProgress);

export interface UploadDeps {
  begin: (filmId: string, index: number, body: UploadRequest) => Promise<UploadResponse>;
  sendChunk: SendChunk;
  /** DELETE the shot: removes what was sent and stops the server waiting for the rest. */
  deleteShot: (filmId: string, index: number) => Promise<void>;
  tokens: TokenSource;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  sleep?: (ms: number) => Promise<void>;
  /** Spec §9: 2 uploads at a time, each chunk retried up to 10 times, 1.5 s apart. */
  concurrency?: number;
  chunkRetries?: number;
  retryDelayMs?: number;
}

interface Job {
  filmId: string;
  item: UploadItem;
  controller: AbortController;
  /** The server holds a shot for it (the upload was granted). */
  granted: boolean;
}

const keyOf = (filmId: string, index: number) => `${filmId}#${index}`;
const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/** Worth another try: no answer, a timeout, too many requests, the server's own failures, an expired token. */
const isRetryable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500);

const codeOf = (err: unknown): ApiErrorCode =>
  err instanceof ApiError ? err.code : err instanceof TypeError ? NETWORK_ERROR : "internal-error";

function restore(storage: UploadDeps["storage"]): UploadState {
  try {
    const saved = JSON.parse(storage?.getItem(UPLOAD_STATE_KEY) ?? "{}") as Record<string, { shots?: UploadShot[] }>;
    const state: Record<string, { shots: UploadShot[] }> = {};
    for (const [filmId, entry] of Object.entries(saved)) {
      if (!Array.isArray(entry?.shots)) continue;
      // A file that was still being sent when the page was left cannot be resumed: its File is gone.
      const shots = entry.shots
        .filter((s) => typeof s?.index === "number" && s.state !== "canceled")
        .map((s) => (s.state === "uploading" ? { ...s, state: "error" as const, errorMessage: UPLOAD_INTERRUPTED } : s));
      if (shots.length > 0) state[filmId] = { shots };
    }
    return state;
  } catch {
    return {};
  }
}

/**
 * Sends scans to the server, 2 files at a time, each in the chunks the server asks for, with retries, progress per
 * shot and cancel (spec §4, §5). Lives as long as the page, whichever screen is open; components read it through
 * `subscribe`/`getSnapshot` (React's useSyncExternalStore).
 */
export function createUploadManager(deps: UploadDeps) {
  const { begin, sendChunk, deleteShot, tokens, storage = null } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const concurrency = deps.concurrency ?? 2;
  const chunkRetries = deps.chunkRetries ?? 10;
  const retryDelayMs = deps.retryDelayMs ?? 1500;

  let state: UploadState = restore(storage);
  const listeners = new Set<() => void>();
  const queue: Job[] = [];
  const running = new Map<string, Job>();
  /** Files of failed uploads, kept while the page lives so they can be tried again. */
  const failedFiles = new Map<string, UploadItem>();

  const persist = () => {
    try {
      if (Object.keys(state).length === 0) storage?.removeItem(UPLOAD_STATE_KEY);
      else storage?.setItem(UPLOAD_STATE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the uploads go on, only a reload forgets them.
    }
  };

  const commit = (next: UploadState) => {
    state = next;
    persist();
    for (const listener of listeners) listener();
  };

  const shotsOf = (filmId: string) => state[filmId]?.shots ?? [];

  /** Replaces one shot's entry (or adds it); `null` removes it, and the film's entry once it has no shots left. */
  const put = (filmId: string, index: number, change: Partial<UploadShot> | null, base?: UploadShot) => {
    const current = shotsOf(filmId);
    const existing = current.find((s) => s.index === index) ?? base;
    let shots: UploadShot[];
    if (change === null) shots = current.filter((s) => s.index !== index);
    else if (!existing) return;
    else {
      const updated = { ...existing, ...change };
      shots = current.some((s) => s.index === index) ? current.map((s) => (s.index === index ? updated : s)) : [...current, updated];
      shots.sort((a, b) => a.index - b.index);
    }
    const next = { ...state };
    if (shots.length === 0) delete next[filmId];
    else next[filmId] = { shots };
    commit(next);
  };

  const stateOf = (filmId: string, index: number) => shotsOf(filmId).find((s) => s.index === index)?.state;

  /** One chunk, tried again after network and server failures; a refused token is renewed once per refusal. */
  async function sendWithRetries(job: Job, url: string, body: Blob, onProgress: (loaded: number) => void) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sendChunk(url, body, await tokens.accessToken(), onProgress, job.controller.signal);
      } catch (err) {
        // An earlier try did arrive, and its answer was lost: the server already holds the whole file.
        if (err instanceof ApiError && err.code === "upload-finished" && attempt > 0) return;
        if (isAbort(err) || job.controller.signal.aborted || !isRetryable(err) || attempt >= chunkRetries) throw err;
        if (err instanceof ApiError && err.status === 401) await tokens.renewAccessToken();
        onProgress(0);
        await sleep(retryDelayMs);
        if (job.controller.signal.aborted) throw new DOMException("The upload was cancelled", "AbortError");
      }
    }
  }

  async function run(job: Job) {
    const { filmId, item } = job;
    const { file, index } = job.item;
    try {
      const grant = await begin(filmId, index, { content_type: item.contentType, content_length: file.size, file_name: file.name });
      job.granted = true;
      if (job.controller.signal.aborted) {
        // Cancelled while the server was granting it: take back the shot it just made.
        await deleteShot(filmId, index).catch(() => undefined);
        return;
      }
      const size = Math.max(1, file.size);
      let lastPercent = -1;
      for (const [n, url] of grant.urls.entries()) {
        const start = n * grant.max_upload_size;
        const chunk = file.slice(start, start + grant.max_upload_size);
        await sendWithRetries(job, url, chunk, (loaded) => {
          // Sent bytes, without the last one: 100% means "all sent and acknowledged", not "all bytes left the browser".
          const percent = Math.min(99, Math.floor(((start + loaded) / size) * 100));
          if (percent !== lastPercent) {
            lastPercent = percent;
            put(filmId, index, { progress: percent });
          }
        });
      }
      failedFiles.delete(keyOf(filmId, index));
      // Processing (thumbnail, preview) may already be over by the time the last answer arrives.
      if (stateOf(filmId, index) === "uploading") put(filmId, index, { state: "pending", progress: 100 });
    } catch (err) {
      if (isAbort(err) || job.controller.signal.aborted) return;
      failedFiles.set(keyOf(filmId, index), item);
      put(filmId, index, { state: "error", errorMessage: codeOf(err) });
    } finally {
      running.delete(keyOf(filmId, index));
      pump();
    }
  }

  function pump() {
    while (running.size < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      running.set(keyOf(job.filmId, job.item.index), job);
      void run(job);
    }
  }

  /** Queues files, each already matched to its shot index; an index whose file is still being sent is left alone. */
  function enqueue(filmId: string, items: readonly UploadItem[]) {
    for (const item of items) {
      const key = keyOf(filmId, item.index);
      if (running.has(key) || queue.some((job) => job.filmId === filmId && job.item.index === item.index)) continue;
      failedFiles.delete(key);
      const fresh: UploadShot = { index: item.index, state: "uploading", progress: 0, errorMessage: null, fileName: item.file.name };
      put(filmId, item.index, fresh, fresh);
      queue.push({ filmId, item, controller: new AbortController(), granted: false });
    }
    pump();
  }

  const hasUploading = () => Object.values(state).some((film) => film.shots.some((s) => s.state === "uploading"));

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    /** True while any file is still being sent: leaving the page now would lose it (spec §2, §8). */
    hasUploading,

    /** Indexes of the film whose files are being sent or wait their turn. */
    busyIndexes: (filmId: string) =>
      shotsOf(filmId)
        .filter((s) => s.state === "uploading")
        .map((s) => s.index),

    /** Queues files, each already matched to its shot index. */
    enqueue,

    /**
     * Stops sending a file and deletes its shot on the server (spec §4: cancelled removes the shot). For an entry
     * that already failed, the caller says whether the server's shot is this upload's (and so to be deleted) or an
     * earlier, finished scan the failed upload never replaced.
     */
    async cancel(filmId: string, index: number, deleteOnServer?: boolean) {
      const key = keyOf(filmId, index);
      const queued = queue.findIndex((job) => job.filmId === filmId && job.item.index === index);
      if (queued >= 0) queue.splice(queued, 1);
      const job = running.get(key);
      job?.controller.abort();
      failedFiles.delete(key);
      const hadShot = deleteOnServer ?? (stateOf(filmId, index) !== undefined && queued < 0 && (!job || job.granted));
      put(filmId, index, null);
      // Not yet granted: `run` takes the shot back itself once the grant arrives.
      if (hadShot)
        await deleteShot(filmId, index).catch((err) => (err instanceof ApiError && err.status === 404 ? undefined : Promise.reject(err)));
    },

    /** Whether a failed upload's file is still at hand to try again (not after a reload). */
    canRetry: (filmId: string, index: number) => failedFiles.has(keyOf(filmId, index)),

    retry(filmId: string, index: number) {
      const item = failedFiles.get(keyOf(filmId, index));
      if (item) enqueue(filmId, [item]);
    },

    /** Forgets an entry (a failed upload the user has seen, or a shot deleted elsewhere). */
    dismiss(filmId: string, index: number) {
      failedFiles.delete(keyOf(filmId, index));
      put(filmId, index, null);
    },

    /** Removes the finished entries of one film, or of every film (spec §4: clean completed). */
    clearCompleted(filmId?: string) {
      const next: Record<string, { shots: readonly UploadShot[] }> = {};
      for (const [id, film] of Object.entries(state)) {
        const shots = id === filmId || filmId === undefined ? film.shots.filter((s) => s.state !== "done") : film.shots;
        if (shots.length > 0) next[id] = { shots };
      }
      commit(next);
    },

    /**
     * What the server says about a shot (realtime feed or a fresh copy of the roll): a sent file becomes done or
     * failed once processed; a shot deleted on the server ends its upload here too.
     */
    settle(filmId: string, index: number, serverState: ShotState | "deleted", errorMessage: string | null = null) {
      const current = stateOf(filmId, index);
      if (current === undefined) return;
      if (serverState === "deleted") {
        if (current !== "uploading") put(filmId, index, null);
        return;
      }
      if (current !== "pending") return;
      if (serverState === "done") put(filmId, index, { state: "done", progress: 100 });
      else if (serverState === "error") put(filmId, index, { state: "error", errorMessage: errorMessage ?? "internal-error" });
    },

    /** The roll was deleted: stop its uploads and forget them. */
    forgetFilm(filmId: string) {
      for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i]!.filmId === filmId) queue.splice(i, 1);
      for (const job of running.values()) if (job.filmId === filmId) job.controller.abort();
      const next = { ...state };
      delete next[filmId];
      commit(next);
    },
  };
}

export type UploadManager = ReturnType<typeof createUploadManager>;
