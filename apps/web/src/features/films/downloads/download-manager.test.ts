import type { ZipData } from "@latent/domain/films";
import { describe, expect, it, vi } from "vitest";
import { createDownloadManager, DOWNLOAD_DATA_KEY, DOWNLOAD_EMPTY, DOWNLOAD_INTERRUPTED } from "./download-manager.ts";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const manifest = (size: number, url = "/zip/film/f1?sig=1"): ZipData => ({
  name: "Holiday-roll.zip",
  compression_rate: 0,
  size,
  zip_url: url,
  files: [{ file_name: "Holiday-roll-01.jpg", file_url: "/media/x" }],
});

/** A response streaming `bytes` in chunks of `chunk`. */
const streamed = (bytes: number, chunk: number) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += chunk) controller.enqueue(new Uint8Array(Math.min(chunk, bytes - sent)));
        controller.close();
      },
    }),
    { headers: { "content-length": String(bytes) } },
  );

describe("download manager", () => {
  it("counts the zip's bytes as they arrive, saves it and says it is finished", async () => {
    const storage = new MemoryStorage();
    const save = vi.fn();
    const downloads = createDownloadManager({ fetch: async () => streamed(1000, 100), save, storage });
    const seen: number[] = [];
    downloads.subscribe(() => seen.push(downloads.getSnapshot().f1?.received ?? -1));
    await downloads.start("f1", async () => manifest(1000));
    expect(seen).toContain(500);
    expect(downloads.getSnapshot().f1).toEqual({
      progress: 100,
      received: 1000,
      size: 1000,
      isDownloading: false,
      downloadFinished: true,
      name: "Holiday-roll.zip",
      error: null,
    });
    expect(save).toHaveBeenCalledWith(expect.any(Blob), "Holiday-roll.zip");
    expect((save.mock.calls[0]![0] as Blob).size).toBe(1000);
    expect(JSON.parse(storage.getItem(DOWNLOAD_DATA_KEY)!).f1.downloadFinished).toBe(true);
  });

  it("moves the progress per finished file, as the roll's feed reports them, not per byte", async () => {
    let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
      },
    });
    const downloads = createDownloadManager({ fetch: async () => new Response(body), save: () => undefined });
    const running = downloads.start("f1", async () => manifest(1000));
    await vi.waitFor(() => expect(feed).toBeDefined());
    feed!.enqueue(new Uint8Array(600));
    await vi.waitFor(() => expect(downloads.getSnapshot().f1?.received).toBe(600));
    expect(downloads.getSnapshot().f1).toMatchObject({ progress: 0, size: 1000, isDownloading: true });

    downloads.fileDone("f1", 25);
    expect(downloads.getSnapshot().f1?.progress).toBe(25);
    downloads.fileDone("f1", 50);
    downloads.fileDone("f1", 40); // another visitor's download of the same roll, further behind: ignored
    expect(downloads.getSnapshot().f1?.progress).toBe(50);
    downloads.fileDone("f1", 100); // the last file written is not yet the zip saved
    expect(downloads.getSnapshot().f1?.progress).toBe(99);

    feed!.enqueue(new Uint8Array(400));
    feed!.close();
    await running;
    expect(downloads.getSnapshot().f1).toMatchObject({ progress: 100, downloadFinished: true });
    downloads.fileDone("f1", 10); // after the end: nothing moves
    expect(downloads.getSnapshot().f1?.progress).toBe(100);
  });

  it("fetches a new link and tries once more when the first is refused", async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) =>
      String(url).includes("old") ? new Response(null, { status: 404 }) : streamed(10, 10),
    );
    const links = ["/zip/old", "/zip/new"];
    const sleep = vi.fn(async () => undefined);
    const downloads = createDownloadManager({ fetch: fetch as typeof globalThis.fetch, save: () => undefined, sleep });
    await downloads.start("f1", async () => manifest(10, links.shift()));
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(downloads.getSnapshot().f1?.downloadFinished).toBe(true);
  });

  it("stops with an error when the zip arrives short", async () => {
    const downloads = createDownloadManager({ fetch: async () => streamed(5, 5), save: () => undefined });
    await downloads.start("f1", async () => manifest(10));
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: false, downloadFinished: false, error: "network-error" });
  });

  it("says so when the roll has no finished scans to download", async () => {
    const downloads = createDownloadManager({ fetch: async () => streamed(1, 1), save: () => undefined });
    await downloads.start("f1", async () => ({ ...manifest(0), files: [] }));
    expect(downloads.getSnapshot().f1?.error).toBe(DOWNLOAD_EMPTY);
  });

  it("after a reload, a download that was running is marked interrupted", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      DOWNLOAD_DATA_KEY,
      JSON.stringify({ f1: { progress: 40, isDownloading: true, downloadFinished: false, name: "a.zip", error: null } }),
    );
    const downloads = createDownloadManager({ storage });
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: false, progress: 0, error: DOWNLOAD_INTERRUPTED });
    expect(downloads.hasDownloading()).toBe(false);
  });
});
