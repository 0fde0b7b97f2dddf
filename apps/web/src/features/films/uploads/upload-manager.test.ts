import type { UploadResponse } from "@latent/domain/films";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR } from "../../../shared/api/api-error.ts";
import {
  createUploadManager,
  type SendChunk,
  UPLOAD_INTERRUPTED,
  UPLOAD_STATE_KEY,
  type UploadDeps,
  type UploadItem,
} from "./upload-manager.ts";

const tokens = { accessToken: async () => "token", renewAccessToken: async () => "renewed" };

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const item = (index: number, bytes = 10): UploadItem => ({
  index,
  file: new File(["x".repeat(bytes)], `scan-${index}.jpg`),
  contentType: "image/jpeg",
});

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
    expect(uploads.hasUploading()).toBe(true);
    await uploads.cancel("f1", 7);
    expect(deps.deleteShot).toHaveBeenCalledWith("f1", 7);
    expect(uploads.getSnapshot().f1).toBeUndefined();
    expect(uploads.hasUploading()).toBe(false);
  });

  it("clears completed entries and keeps the rest", async () => {
    const { uploads } = manager();
    uploads.enqueue("f1", [item(1), item(2)]);
    await until(uploads, () => shots(uploads).every((s) => s.state === "pending"));
    uploads.settle("f1", 1, "done");
    uploads.clearCompleted("f1");
    expect(shots(uploads).map((s) => s.index)).toEqual([2]);
  });

  it("keeps its state under uploadState; after a reload a file that was still sending is marked interrupted", async () => {
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
      { index: 1, state: "error", progress: 40, errorMessage: UPLOAD_INTERRUPTED, fileName: "a.jpg" },
      { index: 2, state: "pending", progress: 100, errorMessage: null, fileName: "b.jpg" },
    ]);
    uploads.settle("f1", 2, "done");
    expect(JSON.parse(storage.getItem(UPLOAD_STATE_KEY)!).f1.shots[1].state).toBe("done");
  });
});
