import type { UploadResponse, UploadStatus } from "@latent/domain/films";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR } from "../../../shared/api/api-error.ts";
import type { FileStash } from "./file-stash.ts";
import { createUploadManager, type SendChunk, UPLOAD_STATE_KEY, type UploadDeps, type UploadItem } from "./upload-manager.ts";

const tokens = { accessToken: async () => "token", renewAccessToken: async () => "renewed" };

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

class MemoryStash implements FileStash {
  files = new Map<string, File>();
  put = async (key: string, file: File) => void this.files.set(key, file);
  get = async (key: string) => this.files.get(key) ?? null;
  delete = async (key: string) => void this.files.delete(key);
}

const LAST_MODIFIED = 1_700_000_000_000;
const fileOf = (index: number, bytes = 10) => new File(["x".repeat(bytes)], `scan-${index}.jpg`, { lastModified: LAST_MODIFIED });
const item = (index: number, bytes = 10): UploadItem => ({ index, file: fileOf(index, bytes), contentType: "image/jpeg" });

/** A grant of `chunk`-byte chunks for a file of `size` bytes. */
const grant = (size: number, chunk: number): UploadResponse => ({
  upload_id: "u",
  max_upload_size: chunk,
  urls: Array.from({ length: Math.ceil(size / chunk) }, (_, n) => `/api/uploads/u/${n + 1}`),
});

const okChunk: SendChunk = async (url, body, _token, onProgress) => {
  onProgress(body.size);
  return { part: Number(url.split("/").pop()), received: body.size, parts: 1, complete: true };
};

function manager(overrides: Partial<UploadDeps> = {}) {
  const storage = new MemoryStorage();
  const deps: UploadDeps = {
    begin: async (_film, _index, body) => grant(body.content_length, 4),
    status: async () => {
      throw new ApiError(404, "not-found", "gone");
    },
    sendChunk: okChunk,
    deleteShot: vi.fn(async () => undefined),
    tokens,
    storage,
    sleep: async () => undefined,
    ...overrides,
  };
  return { uploads: createUploadManager(deps), storage, deps };
}

/** Resolves once the manager's state satisfies `done`. */
const until = (uploads: ReturnType<typeof createUploadManager>, done: () => boolean) =>
  new Promise<void>((resolve) => {
    if (done()) return resolve();
    const off = uploads.subscribe(() => {
      if (done()) {
        off();
        resolve();
      }
    });
  });

const shots = (uploads: ReturnType<typeof createUploadManager>, film = "f1") => uploads.getSnapshot()[film]?.shots ?? [];

describe("upload manager", () => {
  it("sends every chunk of a file as the server cut it, then waits for processing", async () => {
    const sent: { url: string; size: number }[] = [];
    const { uploads } = manager({
      sendChunk: async (url, body, token, onProgress, signal) => {
        sent.push({ url, size: body.size });
        expect(token).toBe("token");
        return okChunk(url, body, token, onProgress, signal);
      },
    });
    uploads.enqueue("f1", [item(1, 10)]);
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(sent).toEqual([
      { url: "/api/uploads/u/1", size: 4 },
      { url: "/api/uploads/u/2", size: 4 },
      { url: "/api/uploads/u/3", size: 2 },
    ]);
    expect(shots(uploads)[0]).toMatchObject({ index: 1, state: "pending", progress: 100, errorMessage: null, fileName: "scan-1.jpg" });
    uploads.settle("f1", 1, "done");
    expect(shots(uploads)[0]?.state).toBe("done");
  });

  it("sends 2 files at a time", async () => {
    let active = 0;
    let most = 0;
    const { uploads } = manager({
      sendChunk: async (url, body, token, onProgress, signal) => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
        return okChunk(url, body, token, onProgress, signal);
      },
    });
    uploads.enqueue("f1", [item(1), item(2), item(3), item(4), item(5)]);
    await until(uploads, () => shots(uploads).every((s) => s.state === "pending"));
    expect(most).toBe(2);
  });

  it("tries a chunk again up to 10 times, 1.5 s apart, then reports the failure", async () => {
    const sleep = vi.fn(async () => undefined);
    const sendChunk = vi.fn<SendChunk>(async () => {
      throw new ApiError(0, NETWORK_ERROR, "offline");
    });
    const { uploads } = manager({ sendChunk, sleep, begin: async () => grant(10, 100) });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(sendChunk).toHaveBeenCalledTimes(11);
    expect(sleep).toHaveBeenCalledTimes(10);
    expect(sleep).toHaveBeenCalledWith(1500);
    expect(shots(uploads)[0]?.errorMessage).toBe(NETWORK_ERROR);
    expect(uploads.canRetry("f1", 1)).toBe(true);
  });

  it("goes on by itself when the connection returns, from the parts the server lacks, after every retry failed offline", async () => {
    let offline = true;
    const sent: string[] = [];
    const { uploads } = manager({
      begin: async () => grant(10, 4),
      status: async () => held([1]),
      sendChunk: async (url, body, token, onProgress, signal) => {
        if (offline && url.endsWith("/2")) throw new ApiError(0, NETWORK_ERROR, "offline");
        sent.push(url);
        return okChunk(url, body, token, onProgress, signal);
      },
    });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(shots(uploads)[0]?.errorMessage).toBe(NETWORK_ERROR);
    expect(sent).toEqual(["/api/uploads/u/1"]);

    offline = false;
    expect(uploads.resumeAfterNetworkLoss()).toBe(1);
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(sent).toEqual(["/api/uploads/u/1", "/api/uploads/u/2", "/api/uploads/u/3"]);
    expect(shots(uploads)[0]).toMatchObject({ state: "pending", progress: 100, errorMessage: null, uploadId: "u" });
  });

  it("leaves a failure that was not the connection's for the user to retry when the connection returns", async () => {
    const { uploads } = manager({
      begin: async () => {
        throw new ApiError(400, "not-enough-space", "full");
      },
    });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(uploads.resumeAfterNetworkLoss()).toBe(0);
    expect(shots(uploads)[0]?.state).toBe("error");
  });

  it("goes on after a chunk succeeds on a later try", async () => {
    let failures = 2;
    const { uploads } = manager({
      sendChunk: async (...args) => {
        if (failures-- > 0) throw new ApiError(503, "internal-error", "busy");
        return okChunk(...args);
      },
    });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
  });

  it("does not try again what the server refused for good (not an image)", async () => {
    const sendChunk = vi.fn<SendChunk>(async () => {
      throw new ApiError(415, "unsupported-file-type", "no");
    });
    const { uploads } = manager({ sendChunk });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(sendChunk).toHaveBeenCalledTimes(1);
    expect(shots(uploads)[0]?.errorMessage).toBe("unsupported-file-type");
  });

  it("reports a refusal before any byte is sent (not enough space)", async () => {
    const { uploads } = manager({
      begin: async () => {
        throw new ApiError(400, "not-enough-space", "full");
      },
    });
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(shots(uploads)[0]?.errorMessage).toBe("not-enough-space");
  });

  it("cancels a file being sent: stops it, deletes its shot and forgets the film once nothing is left", async () => {
    let release: () => void = () => undefined;
    const { uploads, deps } = manager({
      sendChunk: (_url, _body, _token, _progress, signal) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new DOMException("aborted", "AbortError"));
          signal.addEventListener("abort", () => release());
        }),
    });
    uploads.enqueue("f1", [item(7)]);
    await until(uploads, () => shots(uploads)[0]?.state === "uploading");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(uploads.isSending()).toBe(true);
    await uploads.cancel("f1", 7);
    expect(deps.deleteShot).toHaveBeenCalledWith("f1", 7);
    expect(uploads.getSnapshot().f1).toBeUndefined();
    expect(uploads.isSending()).toBe(false);
  });

  it("does not hold the page for a file already sent and only being processed on the server", async () => {
    const { uploads } = manager();
    uploads.enqueue("f1", [item(1)]);
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(uploads.isSending()).toBe(false);
  });

  it("clears completed entries and keeps the rest", async () => {
    const { uploads } = manager();
    uploads.enqueue("f1", [item(1), item(2)]);
    await until(uploads, () => shots(uploads).every((s) => s.state === "pending"));
    uploads.settle("f1", 1, "done");
    uploads.clearCompleted("f1");
    expect(shots(uploads).map((s) => s.index)).toEqual([2]);
  });

  it("keeps its state under uploadState; after a reload without the file, an upload that was sending waits for it", async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      UPLOAD_STATE_KEY,
      JSON.stringify({
        f1: {
          shots: [
            { index: 1, state: "uploading", progress: 40, errorMessage: null, fileName: "a.jpg" },
            { index: 2, state: "pending", progress: 100, errorMessage: null, fileName: "b.jpg" },
          ],
        },
      }),
    );
    const { uploads } = manager({ storage });
    expect(shots(uploads)).toEqual([
      { index: 1, state: "paused", progress: 40, errorMessage: null, fileName: "a.jpg" },
      { index: 2, state: "pending", progress: 100, errorMessage: null, fileName: "b.jpg" },
    ]);
    // The paused one waits for its file to be chosen again and the pending one is being processed: leaving loses neither.
    expect(uploads.isSending()).toBe(false);
    uploads.settle("f1", 2, "done");
    expect(JSON.parse(storage.getItem(UPLOAD_STATE_KEY)!).f1.shots[1].state).toBe("done");
  });
});

/** What the server holds of upload "u" of a 10-byte file cut in 4-byte parts, with parts `received` stored. */
const held = (received: number[]): UploadStatus => ({
  upload_id: "u",
  film_id: "f1",
  index: 3,
  file_name: "scan-3.jpg",
  content_type: "image/jpeg",
  content_length: 10,
  max_upload_size: 4,
  urls: ["/api/uploads/u/1", "/api/uploads/u/2", "/api/uploads/u/3"],
  received,
  missing: [1, 2, 3].filter((n) => !received.includes(n)),
  complete: received.length === 3,
});

/** A page left while part 2 of shot 3's file was being sent: its state, and the file in the stash. */
function leftMidway(withFile: boolean) {
  const storage = new MemoryStorage();
  const stash = new MemoryStash();
  const file = fileOf(3);
  storage.setItem(
    UPLOAD_STATE_KEY,
    JSON.stringify({
      f1: {
        shots: [
          {
            index: 3,
            state: "uploading",
            progress: 40,
            errorMessage: null,
            fileName: file.name,
            uploadId: "u",
            size: 10,
            lastModified: LAST_MODIFIED,
            contentType: "image/jpeg",
          },
        ],
      },
    }),
  );
  if (withFile) stash.files.set("f1#3", file);
  return { storage, stash, file };
}

describe("uploads that outlive the page", () => {
  it("after a reload, goes on by itself from the parts the server lacks, at the same shot, then forgets the file", async () => {
    const { storage, stash } = leftMidway(true);
    const sent: string[] = [];
    const begin = vi.fn<UploadDeps["begin"]>();
    const { uploads } = manager({
      storage,
      stash,
      begin,
      status: async () => held([1]),
      sendChunk: async (url, body, token, onProgress, signal) => {
        sent.push(`${url} ${await body.text()}`);
        return okChunk(url, body, token, onProgress, signal);
      },
    });
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(begin).not.toHaveBeenCalled();
    expect(sent).toEqual(["/api/uploads/u/2 xxxx", "/api/uploads/u/3 xx"]);
    expect(shots(uploads)[0]).toMatchObject({ index: 3, state: "pending", progress: 100, uploadId: "u" });
    expect(stash.files.size).toBe(0);
  });

  it("after a reload without the file, pauses until the same file is chosen again, then resumes the same upload", async () => {
    const { storage, stash, file } = leftMidway(false);
    const sent: string[] = [];
    const { uploads } = manager({
      storage,
      stash,
      status: async () => held([1, 2]),
      sendChunk: async (url, body, token, onProgress, signal) => {
        sent.push(url);
        return okChunk(url, body, token, onProgress, signal);
      },
    });
    await until(uploads, () => shots(uploads)[0]?.state === "paused");
    expect(uploads.isSending()).toBe(false);
    expect(uploads.busyIndexes("f1")).toEqual([3]);

    const other = new File(["x".repeat(10)], file.name, { lastModified: LAST_MODIFIED + 1 });
    expect(uploads.pausedIndexOf("f1", other)).toBeNull();
    expect(uploads.pausedIndexOf("f1", fileOf(3))).toBe(3);
    uploads.resume("f1", { index: 3, file: fileOf(3), contentType: "image/jpeg" });
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(sent).toEqual(["/api/uploads/u/3"]);
  });

  it("starts over at the same shot when another file is chosen for a paused upload", async () => {
    const { storage, stash } = leftMidway(false);
    const status = vi.fn<UploadDeps["status"]>();
    const begin = vi.fn<UploadDeps["begin"]>(async (_film, _index, body) => grant(body.content_length, 4));
    const { uploads } = manager({ storage, stash, status, begin });
    await until(uploads, () => shots(uploads)[0]?.state === "paused");
    uploads.resume("f1", { index: 3, file: new File(["y".repeat(6)], "other.jpg"), contentType: "image/jpeg" });
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(status).not.toHaveBeenCalled();
    expect(begin).toHaveBeenCalledWith("f1", 3, { content_type: "image/jpeg", content_length: 6, file_name: "other.jpg" });
  });

  it("fails an upload the server no longer has (stalled) and sends it again from the start at the same shot on Retry", async () => {
    const { storage, stash } = leftMidway(true);
    const begin = vi.fn<UploadDeps["begin"]>(async (_film, _index, body) => grant(body.content_length, 4));
    const { uploads } = manager({ storage, stash, begin });
    await until(uploads, () => shots(uploads)[0]?.state === "error");
    expect(shots(uploads)[0]?.errorMessage).toBe("upload-stalled");
    expect(uploads.canRetry("f1", 3)).toBe(true);
    uploads.retry("f1", 3);
    await until(uploads, () => shots(uploads)[0]?.state === "pending");
    expect(begin).toHaveBeenCalledWith("f1", 3, expect.objectContaining({ content_length: 10 }));
  });

  it("keeps a file in the stash while it is sent, and drops it when the upload is cancelled", async () => {
    const stash = new MemoryStash();
    let release: () => void = () => undefined;
    const { uploads } = manager({
      stash,
      sendChunk: (_url, _body, _token, _progress, signal) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new DOMException("aborted", "AbortError"));
          signal.addEventListener("abort", () => release());
        }),
    });
    uploads.enqueue("f1", [item(2)]);
    await until(uploads, () => stash.files.has("f1#2"));
    await uploads.cancel("f1", 2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stash.files.size).toBe(0);
  });

  it("follows the server for a paused upload it failed or finished meanwhile", async () => {
    const { storage } = leftMidway(false);
    const { uploads } = manager({ storage });
    expect(shots(uploads)[0]?.state).toBe("paused");
    uploads.settle("f1", 3, "error", "upload-stalled");
    expect(shots(uploads)[0]).toMatchObject({ state: "error", errorMessage: "upload-stalled" });
  });
});
