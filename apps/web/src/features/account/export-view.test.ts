import type { DataExport } from "@latent/domain/account";
import { describe, expect, it } from "vitest";
import { exportView, formatSize } from "./export-view.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const exported = (overrides: Partial<DataExport>): DataExport => ({
  status: "none",
  progress: 0,
  url: null,
  size: null,
  created_at: null,
  expires_at: null,
  ...overrides,
});

describe("the data export's view", () => {
  it("offers to start one while nothing is known or none was made", () => {
    expect(exportView(undefined, NOW)).toEqual({ kind: "idle" });
    expect(exportView(exported({ status: "none" }), NOW)).toEqual({ kind: "idle" });
  });

  it("shows the progress while queued or running, kept within 0–100", () => {
    expect(exportView(exported({ status: "queued", progress: 0 }), NOW)).toEqual({ kind: "working", progress: 0 });
    expect(exportView(exported({ status: "running", progress: 42 }), NOW)).toEqual({ kind: "working", progress: 42 });
    expect(exportView(exported({ status: "running", progress: 140 }), NOW)).toEqual({ kind: "working", progress: 100 });
  });

  it("offers the download of a ready archive with its size and expiry", () => {
    const ready = exported({ status: "ready", url: "https://x/a.zip", size: 2048, expires_at: "2026-03-17T12:00:00Z" });
    expect(exportView(ready, NOW)).toEqual({ kind: "ready", url: "https://x/a.zip", size: 2048, expiresAt: "2026-03-17T12:00:00Z" });
  });

  it("reads a ready archive past its expiry, or without a link, as expired", () => {
    expect(exportView(exported({ status: "ready", url: "https://x/a.zip", expires_at: "2026-03-10T11:59:00Z" }), NOW)).toEqual({
      kind: "expired",
    });
    expect(exportView(exported({ status: "ready", url: null }), NOW)).toEqual({ kind: "expired" });
  });

  it("says when the export failed or expired", () => {
    expect(exportView(exported({ status: "failed" }), NOW)).toEqual({ kind: "failed" });
    expect(exportView(exported({ status: "expired" }), NOW)).toEqual({ kind: "expired" });
  });
});

describe("an archive's size", () => {
  it("is written in the largest unit that keeps it at 1 or more", () => {
    expect(formatSize(512, "en-US")).toBe("512 byte");
    expect(formatSize(1536, "en-US")).toBe("1.5 kB");
    expect(formatSize(3 * 1024 ** 3, "en-US")).toBe("3 GB");
  });
});
