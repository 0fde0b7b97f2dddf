import type { ZipData } from "@latent/domain/films";
import { describe, expect, it, vi } from "vitest";
import { createDownloadManager, DOWNLOAD_DATA_KEY, DOWNLOAD_EMPTY } from "./download-manager.ts";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const manifest = (url = "/zip/film/f1?sig=1"): ZipData => ({
  name: "Holiday-roll.zip",
  compression_rate: 0,
  size: 1000,
  zip_url: url,
  files: [{ file_name: "Holiday-roll-01.jpg", file_url: "/media/x" }],
});

/** A server answering each link's check with the status it was given (200 otherwise). */
const server = (statuses: Record<string, number> = {}) =>
  vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: statuses[String(url)] ?? 200 }));

describe("download manager", () => {
  it("checks the zip's link without downloading it, then has the browser download it under the zip's name", async () => {
    const storage = new MemoryStorage();
    const fetch = server();
    const download = vi.fn();
    const downloads = createDownloadManager({ fetch: fetch as typeof globalThis.fetch, download, storage });
    const running = downloads.start("f1", async () => manifest());
    expect(downloads.hasDownloading()).toBe(true);
    await running;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/zip/film/f1?sig=1");
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: "HEAD" });
    expect(download).toHaveBeenCalledWith("/zip/film/f1?sig=1", "Holiday-roll.zip");
    expect(downloads.getSnapshot().f1).toEqual({
      progress: 0,
      isDownloading: true,
      preparing: false,
      downloadFinished: false,
      name: "Holiday-roll.zip",
      error: null,
    });
    // The browser has it: leaving the page loses nothing.
    expect(downloads.hasDownloading()).toBe(false);
    expect(JSON.parse(storage.getItem(DOWNLOAD_DATA_KEY)!).f1.isDownloading).toBe(true);
  });

  it.each([401, 403])("waits 2 s after a %i, fetches a fresh link, checks it and downloads that one", async (status) => {
    const fetch = server({ "/zip/old": status });
    const links = ["/zip/old", "/zip/new"];
    const manifests = vi.fn(async () => manifest(links.shift()));
    const sleep = vi.fn(async () => undefined);
    const download = vi.fn();
    const downloads = createDownloadManager({ fetch: fetch as typeof globalThis.fetch, download, sleep });
    await downloads.start("f1", manifests);
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(manifests).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map((call) => String(call[0]))).toEqual(["/zip/old", "/zip/new"]);
    expect(download).toHaveBeenCalledTimes(1);
    expect(download).toHaveBeenCalledWith("/zip/new", "Holiday-roll.zip");
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: true, error: null });
  });

  it("tries a refused link once more only, then says why, without a broken download in the browser", async () => {
    const fetch = server({ "/zip/a": 403, "/zip/b": 403 });
    const links = ["/zip/a", "/zip/b", "/zip/c"];
    const download = vi.fn();
    const downloads = createDownloadManager({ fetch: fetch as typeof globalThis.fetch, download, sleep: async () => undefined });
    await downloads.start("f1", async () => manifest(links.shift()));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(download).not.toHaveBeenCalled();
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: false, preparing: false, error: "forbidden" });
  });

  it("does not retry a zip that is gone, nor hand it to the browser", async () => {
    const fetch = server({ "/zip/film/f1?sig=1": 404 });
    const sleep = vi.fn(async () => undefined);
    const download = vi.fn();
    const downloads = createDownloadManager({ fetch: fetch as typeof globalThis.fetch, download, sleep });
    await downloads.start("f1", async () => manifest());
    expect(sleep).not.toHaveBeenCalled();
    expect(download).not.toHaveBeenCalled();
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: false, error: "not-found" });
  });

  it("says the network failed when the link cannot be checked, and the manifest's own error when it is refused", async () => {
    const download = vi.fn();
    const offline = createDownloadManager({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
      download,
    });
    await offline.start("f1", async () => manifest());
    expect(offline.getSnapshot().f1?.error).toBe("network-error");

    const revoked = createDownloadManager({ fetch: server() as typeof globalThis.fetch, download });
    await revoked.start("f1", async () => {
      throw Object.assign(new Error("The owner stopped sharing this roll"), { code: "share-revoked" });
    });
    expect(revoked.getSnapshot().f1).toMatchObject({ isDownloading: false, error: "share-revoked" });
    expect(download).not.toHaveBeenCalled();
  });

  it("says so when the roll has no finished scans to download", async () => {
    const download = vi.fn();
    const downloads = createDownloadManager({ fetch: server() as typeof globalThis.fetch, download });
    await downloads.start("f1", async () => ({ ...manifest(), files: [] }));
    expect(downloads.getSnapshot().f1?.error).toBe(DOWNLOAD_EMPTY);
    expect(download).not.toHaveBeenCalled();
  });

  it("moves the progress per file the roll's feed reports, never backwards, and finishes with the last file", async () => {
    const downloads = createDownloadManager({ fetch: server() as typeof globalThis.fetch, download: () => undefined });
    downloads.fileDone("f1", 30); // before any download of this roll: nothing to move
    expect(downloads.getSnapshot().f1).toBeUndefined();
    await downloads.start("f1", async () => manifest());
    downloads.fileDone("f1", 25);
    expect(downloads.getSnapshot().f1?.progress).toBe(25);
    downloads.fileDone("f1", 50);
    downloads.fileDone("f1", 40); // another visitor's download of the same roll, further behind: ignored
    expect(downloads.getSnapshot().f1).toMatchObject({ progress: 50, isDownloading: true, downloadFinished: false });
    downloads.fileDone("f1", 100);
    expect(downloads.getSnapshot().f1).toMatchObject({ progress: 100, isDownloading: false, downloadFinished: true });
  });

  it("after a reload, a download the browser has goes on, and one whose link was still being checked is gone", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      DOWNLOAD_DATA_KEY,
      JSON.stringify({
        f1: { progress: 40, isDownloading: true, preparing: false, downloadFinished: false, name: "a.zip", error: null },
        f2: { progress: 0, isDownloading: true, preparing: true, downloadFinished: false, name: null, error: null },
      }),
    );
    const downloads = createDownloadManager({ storage });
    expect(downloads.getSnapshot().f1).toMatchObject({ isDownloading: true, progress: 40, name: "a.zip" });
    expect(downloads.getSnapshot().f2).toBeUndefined();
    expect(downloads.hasDownloading()).toBe(false);
  });
});
