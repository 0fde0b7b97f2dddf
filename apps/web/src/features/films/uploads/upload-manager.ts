import type { ShotContentType, ShotState, UploadPartReceipt, UploadRequest, UploadResponse, UploadStatus } from "@latent/domain/films";
import { sendWithProgress, type TokenSource } from "../../../shared/api/api-client.ts";
import { ApiError, type ApiErrorCode, NETWORK_ERROR } from "../../../shared/api/api-error.ts";
import type { FileStash } from "./file-stash.ts";
import { contentTypeOf } from "./upload-plan.ts";

/**
 * Spec §3/§4: a shot being sent, waiting for its file to be chosen again (a reload lost it), sent and being
 * processed, failed, processed, or cancelled by the user.
 */
export type UploadShotState = "uploading" | "paused" | "pending" | "error" | "done" | "canceled";

export interface UploadShot {
  index: number;
  state: UploadShotState;
  /** Percent of the file's bytes sent. */
  progress: number;
  /** An API or shot error code (translated where shown); null while all is well. */
  errorMessage: string | null;
  fileName: string;
  /** The server's upload once it granted one: after a reload the upload goes on from the parts it lacks. */
  uploadId?: string | null;
  /** Size and last change of the file, to know it when it is chosen again. */
  size?: number;
  lastModified?: number;
  contentType?: ShotContentType;
}

/** Upload state per film (spec §3), persisted under the local key `uploadState`. */
export type UploadState = Readonly<Record<string, { shots: readonly UploadShot[] }>>;

export const UPLOAD_STATE_KEY = "uploadState";
/** errorMessage of an upload the server no longer has (it stalled and failed its shot, or was cancelled elsewhere). */
export const UPLOAD_GONE = "upload-stalled";

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
  /** What the server already holds of an upload (GET uploads/{id}). */
  status: (uploadId: string) => Promise<UploadStatus>;
  sendChunk: SendChunk;
  /** DELETE the shot: removes what was sent and stops the server waiting for the rest. */
  deleteShot: (filmId: string, index: number) => Promise<void>;
  tokens: TokenSource;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** Where files wait while they are sent, so a reload goes on without asking for them; none: a reload pauses them. */
  stash?: FileStash | null;
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
  /** The server holds a shot for it (the upload was granted, or is being resumed). */
  granted: boolean;
  /** The server's upload to go on with; null: start one (which replaces whatever the shot index held). */
  uploadId: string | null;
}

const keyOf = (filmId: string, index: number) => `${filmId}#${index}`;
const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";
const isGone = (err: unknown) => err instanceof ApiError && err.status === 404;

/** Worth another try: no answer, a timeout, too many requests, the server's own failures, an expired token. */
const isRetryable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500);

const codeOf = (err: unknown): ApiErrorCode =>
  err instanceof ApiError ? err.code : err instanceof TypeError ? NETWORK_ERROR : "internal-error";

/** The same file as an upload's: same name and size, and same last change when that is known. */
export const sameFile = (shot: UploadShot, file: Pick<File, "name" | "size" | "lastModified">) =>
  shot.fileName === file.name &&
  (shot.size === undefined || shot.size === file.size) &&
  (shot.lastModified === undefined || shot.lastModified === file.lastModified);

/**
 * The state saved before the page was left. A file that was still being sent is gone with the page: it is looked
 * for in the stash (`waiting`: still uploading while that is checked) or waits for the user to choose it again.
 */
function restore(storage: UploadDeps["storage"], waiting: boolean): UploadState {
  try {
    const saved = JSON.parse(storage?.getItem(UPLOAD_STATE_KEY) ?? "{}") as Record<string, { shots?: UploadShot[] }>;
    const state: Record<string, { shots: UploadShot[] }> = {};
    for (const [filmId, entry] of Object.entries(saved)) {
      if (!Array.isArray(entry?.shots)) continue;
      const shots = entry.shots
        .filter((s) => typeof s?.index === "number" && s.state !== "canceled")
        .map((s) =>
          s.state === "uploading" || s.state === "paused" ? { ...s, state: waiting ? ("uploading" as const) : ("paused" as const) } : s,
        );
      if (shots.length > 0) state[filmId] = { shots };
    }
    return state;
  } catch {
    return {};
  }
}

/**
 * Sends scans to the server, 2 files at a time, each in the chunks the server asks for, with retries, progress per
 * shot and cancel (spec §4, §5). Each file waits in the stash until it is sent, so after a reload its upload goes
 * on from the parts the server lacks, at the same shot; without it, the upload pauses until the file is chosen
 * again. Lives as long as the page, whichever screen is open; components read it through `subscribe`/`getSnapshot`
 * (React's useSyncExternalStore).
 */
export function createUploadManager(deps: UploadDeps) {
  const { begin, status, sendChunk, deleteShot, tokens, storage = null, stash = null } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const concurrency = deps.concurrency ?? 2;
  const chunkRetries = deps.chunkRetries ?? 10;
  const retryDelayMs = deps.retryDelayMs ?? 1500;

  let state: UploadState = restore(storage, stash !== null);
  const listeners = new Set<() => void>();
  const queue: Job[] = [];
  const running = new Map<string, Job>();
  /** Files of failed uploads, at hand to try again. */
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
  const entryOf = (filmId: string, index: number) => shotsOf(filmId).find((s) => s.index === index);
  const stateOf = (filmId: string, index: number) => entryOf(filmId, index)?.state;
  const unstash = (filmId: string, index: number) => void stash?.delete(keyOf(filmId, index)).catch(() => undefined);

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

  /** A call tried again after network and server failures; a refused token is renewed once per refusal. */
  async function withRetries<T>(job: Job, call: () => Promise<T>, beforeRetry?: () => void): Promise<T | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (err) {
        // An earlier try did arrive, and its answer was lost: the server already holds the whole file.
        if (err instanceof ApiError && err.code === "upload-finished" && attempt > 0) return undefined;
        if (isAbort(err) || job.controller.signal.aborted || !isRetryable(err) || attempt >= chunkRetries) throw err;
        if (err instanceof ApiError && err.status === 401) await tokens.renewAccessToken();
        beforeRetry?.();
        await sleep(retryDelayMs);
        if (job.controller.signal.aborted) throw new DOMException("The upload was cancelled", "AbortError");
      }
    }
  }

  /** Bytes of part n (from 1) of a file cut in `partSize` chunks. */
  const partBytes = (n: number, partSize: number, size: number) => Math.max(0, Math.min(partSize, size - (n - 1) * partSize));

  async function run(job: Job) {
    const { filmId, item } = job;
    const { file, index } = item;
    try {
      let plan: { urls: readonly string[]; partSize: number; parts: number[]; sentBefore: number } | null = null;
      if (job.uploadId) {
        const uploadId = job.uploadId;
        const held = await withRetries(job, () => status(uploadId));
        if (held && held.content_length === file.size) {
          if (held.complete) plan = { urls: held.urls, partSize: held.max_upload_size, parts: [], sentBefore: file.size };
          else {
            const sentBefore = held.received.reduce((sum, n) => sum + partBytes(n, held.max_upload_size, file.size), 0);
            plan = { urls: held.urls, partSize: held.max_upload_size, parts: held.missing, sentBefore };
          }
        }
      }
      if (!plan) {
        const grant = await begin(filmId, index, { content_type: item.contentType, content_length: file.size, file_name: file.name });
        job.granted = true;
        job.uploadId = grant.upload_id;
        if (job.controller.signal.aborted) {
          // Cancelled while the server was granting it: take back the shot it just made.
          await deleteShot(filmId, index).catch(() => undefined);
          return;
        }
        put(filmId, index, { uploadId: grant.upload_id });
        plan = { urls: grant.urls, partSize: grant.max_upload_size, parts: grant.urls.map((_, n) => n + 1), sentBefore: 0 };
      }
      const size = Math.max(1, file.size);
      let sent = plan.sentBefore;
      let lastPercent = -1;
      for (const part of plan.parts) {
        const start = (part - 1) * plan.partSize;
        const chunk = file.slice(start, start + plan.partSize);
        const onProgress = (loaded: number) => {
          // Sent bytes, without the last one: 100% means "all sent and acknowledged", not "all bytes left the browser".
          const percent = Math.min(99, Math.floor(((sent + loaded) / size) * 100));
          if (percent !== lastPercent) {
            lastPercent = percent;
            put(filmId, index, { progress: percent });
          }
        };
        await withRetries(
          job,
          async () => sendChunk(plan.urls[part - 1]!, chunk, await tokens.accessToken(), onProgress, job.controller.signal),
          () => onProgress(0),
        );
        sent += chunk.size;
      }
      failedFiles.delete(keyOf(filmId, index));
      unstash(filmId, index);
      // Processing (thumbnail, preview) may already be over by the time the last answer arrives.
      if (stateOf(filmId, index) === "uploading") put(filmId, index, { state: "pending", progress: 100 });
    } catch (err) {
      if (isAbort(err) || job.controller.signal.aborted) return;
      failedFiles.set(keyOf(filmId, index), item);
      // The server no longer has the upload: it stalled (its shot failed) or was cancelled from elsewhere.
      put(filmId, index, { state: "error", errorMessage: job.granted && isGone(err) ? UPLOAD_GONE : codeOf(err) });
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

  const isBusy = (filmId: string, index: number) =>
    running.has(keyOf(filmId, index)) || queue.some((job) => job.filmId === filmId && job.item.index === index);

  /**
   * Queues one file for its shot index: a new upload (which replaces what the index held), or the server's upload
   * `uploadId` going on from the parts it lacks. `stashed`: the file already waits in the stash.
   */
  function start(filmId: string, item: UploadItem, uploadId: string | null, stashed = false) {
    if (isBusy(filmId, item.index)) return false;
    const key = keyOf(filmId, item.index);
    failedFiles.delete(key);
    const previous = entryOf(filmId, item.index);
    const fresh: UploadShot = {
      index: item.index,
      state: "uploading",
      progress: uploadId ? (previous?.progress ?? 0) : 0,
      errorMessage: null,
      fileName: item.file.name,
      uploadId,
      size: item.file.size,
      lastModified: item.file.lastModified,
      contentType: item.contentType,
    };
    put(filmId, item.index, fresh, fresh);
    // Kept until sent: a failed write (private mode, quota) only means a reload will ask for the file.
    if (!stashed) void stash?.put(key, item.file).catch(() => undefined);
    queue.push({ filmId, item, controller: new AbortController(), granted: uploadId !== null, uploadId });
    pump();
    return true;
  }

  /** After a reload: uploads whose file is in the stash go on by themselves; the others wait for it (paused). */
  async function recover() {
    if (!stash) return;
    for (const [filmId, film] of Object.entries(state)) {
      for (const shot of film.shots) {
        if (shot.state !== "uploading" && shot.state !== "error") continue;
        const file = await stash.get(keyOf(filmId, shot.index)).catch(() => null);
        const now = entryOf(filmId, shot.index);
        // The user acted meanwhile (cancelled, chose the file): leave it to them.
        if (!now || now.state !== shot.state || isBusy(filmId, shot.index)) continue;
        const usable = file && (shot.size === undefined || file.size === shot.size) ? file : null;
        const item = usable && { index: shot.index, file: usable, contentType: shot.contentType ?? contentTypeOf(usable) ?? "image/jpeg" };
        if (shot.state === "error") {
          if (item) {
            failedFiles.set(keyOf(filmId, shot.index), item);
            commit(state);
          }
        } else if (item) start(filmId, item, shot.uploadId ?? null, true);
        else put(filmId, shot.index, { state: "paused" });
      }
    }
  }
  void recover();

  // Spec §4: active uploads are shots that are uploading or pending (sent, being processed).
  const isSending = () => Object.values(state).some((film) => film.shots.some((s) => s.state === "uploading"));

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,

    /**
     * True while a file's bytes are still being sent (or wait their turn to be): leaving the page would lose them, so
     * it asks first (spec §2, §8). A file already sent and only being processed on the server loses nothing.
     */
    isSending,

    /** Indexes of the film whose files are being sent, wait their turn, or wait to be chosen again. */
    busyIndexes: (filmId: string) =>
      shotsOf(filmId)
        .filter((s) => s.state === "uploading" || s.state === "paused")
        .map((s) => s.index),

    /** Queues files, each already matched to its shot index; an index whose file is still being sent is left alone. */
    enqueue(filmId: string, items: readonly UploadItem[]) {
      for (const item of items) start(filmId, item, null);
    },

    /** The paused upload of the film this file belongs to (same name, size and last change), if any. */
    pausedIndexOf(filmId: string, file: Pick<File, "name" | "size" | "lastModified">): number | null {
      return shotsOf(filmId).find((s) => s.state === "paused" && sameFile(s, file))?.index ?? null;
    },

    /**
     * Goes on with an upload at its shot index with the file chosen again: from the parts the server lacks when it
     * is the same file (or the server's upload `uploadId` is given, found from another page); else from the start.
     */
    resume(filmId: string, item: UploadItem, uploadId?: string) {
      const entry = entryOf(filmId, item.index);
      const known = entry && sameFile(entry, item.file) ? (entry.uploadId ?? null) : null;
      return start(filmId, item, uploadId ?? known);
    },

    /**
     * Stops sending a file and deletes its shot on the server (spec §4: cancelled removes the shot). For an entry
     * that already failed, the caller says whether the server's shot is this upload's (and so to be deleted) or an
     * earlier, finished scan the failed upload never replaced.
     */
    async cancel(filmId: string, index: number, deleteOnServer?: boolean) {
      const key = keyOf(filmId, index);
      const queued = queue.findIndex((job) => job.filmId === filmId && job.item.index === index);
      const queuedJob = queued >= 0 ? queue.splice(queued, 1)[0] : undefined;
      const job = running.get(key);
      job?.controller.abort();
      failedFiles.delete(key);
      unstash(filmId, index);
      const current = stateOf(filmId, index);
      const hadShot =
        deleteOnServer ??
        (queuedJob ? queuedJob.granted : job ? job.granted : current === "uploading" || current === "paused" || current === "error");
      put(filmId, index, null);
      // Not yet granted: `run` takes the shot back itself once the grant arrives.
      if (hadShot)
        await deleteShot(filmId, index).catch((err) => (err instanceof ApiError && err.status === 404 ? undefined : Promise.reject(err)));
    },

    /** Whether a failed upload's file is at hand to try again without choosing it. */
    canRetry: (filmId: string, index: number) => failedFiles.has(keyOf(filmId, index)),

    /** Sends a failed upload's file again, or the file given, from the start at the same shot index. */
    retry(filmId: string, index: number, item?: UploadItem) {
      const again = item ?? failedFiles.get(keyOf(filmId, index));
      if (again) start(filmId, { ...again, index }, null);
    },

    /**
     * The connection is back: uploads that failed for want of it (every retry spent while offline) go on by
     * themselves, from the parts the server lacks when it granted one, at the same shot. Other failures wait for
     * the user's Retry. Answers how many went on.
     */
    resumeAfterNetworkLoss(): number {
      let resumed = 0;
      for (const [filmId, film] of Object.entries(state))
        for (const shot of film.shots) {
          const failed = failedFiles.get(keyOf(filmId, shot.index));
          if (shot.state !== "error" || shot.errorMessage !== NETWORK_ERROR || !failed) continue;
          if (start(filmId, failed, shot.uploadId ?? null)) resumed += 1;
        }
      return resumed;
    },

    /** Forgets an entry (a failed upload the user has seen, or a shot deleted elsewhere). */
    dismiss(filmId: string, index: number) {
      failedFiles.delete(keyOf(filmId, index));
      unstash(filmId, index);
      put(filmId, index, null);
    },

    /** Removes the given finished entries of a film (spec §4: clean completed); all its done ones when none are given. */
    clearCompleted(filmId: string, indexes?: readonly number[]) {
      const shots = shotsOf(filmId).filter((s) => (indexes ? !indexes.includes(s.index) : s.state !== "done"));
      const next = { ...state };
      if (shots.length === 0) delete next[filmId];
      else next[filmId] = { shots };
      commit(next);
    },

    /**
     * What the server says about a shot (realtime feed or a fresh copy of the roll): a sent file becomes done or
     * failed once processed; a paused upload the server failed (stalled) or finished elsewhere follows it; a shot
     * deleted on the server ends its upload here too.
     */
    settle(filmId: string, index: number, serverState: ShotState | "deleted", errorCode: string | null = null) {
      const current = stateOf(filmId, index);
      if (current === undefined) return;
      if (serverState === "deleted") {
        if (current !== "uploading" || !isBusy(filmId, index)) {
          unstash(filmId, index);
          put(filmId, index, null);
        }
        return;
      }
      if (current !== "pending" && current !== "paused") return;
      if (serverState === "done") put(filmId, index, { state: "done", progress: 100 });
      else if (serverState === "error") put(filmId, index, { state: "error", errorMessage: errorCode ?? "internal-error" });
      else if (serverState === "pending" && current === "paused") {
        unstash(filmId, index);
        put(filmId, index, { state: "pending", progress: 100 });
      }
    },

    /** The roll was deleted: stop its uploads and forget them. */
    forgetFilm(filmId: string) {
      for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i]!.filmId === filmId) queue.splice(i, 1);
      for (const job of running.values()) if (job.filmId === filmId) job.controller.abort();
      for (const shot of shotsOf(filmId)) unstash(filmId, shot.index);
      const next = { ...state };
      delete next[filmId];
      commit(next);
    },
  };
}

export type UploadManager = ReturnType<typeof createUploadManager>;
