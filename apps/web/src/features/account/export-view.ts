import type { DataExport } from "@latent/domain/account";

/** What the "Your data" card shows for the latest export. */
export type ExportView =
  | { kind: "idle" }
  | { kind: "working"; progress: number }
  | { kind: "ready"; url: string; size: number | null; expiresAt: string | null }
  | { kind: "failed" }
  | { kind: "expired" };

/**
 * The card's state for the server's export: still unknown or never made → idle; queued or running → working with
 * its progress clamped to 0–100; a ready archive whose link is missing or past its date → expired (the link no
 * longer works, whatever the last poll said).
 */
export function exportView(data: DataExport | undefined, now: Date): ExportView {
  switch (data?.status) {
    case undefined:
    case "none":
      return { kind: "idle" };
    case "queued":
    case "running":
      return { kind: "working", progress: Math.min(100, Math.max(0, data.progress)) };
    case "ready":
      if (!data.url || (data.expires_at && new Date(data.expires_at) <= now)) return { kind: "expired" };
      return { kind: "ready", url: data.url, size: data.size, expiresAt: data.expires_at };
    case "failed":
      return { kind: "failed" };
    case "expired":
      return { kind: "expired" };
  }
}

const SIZE_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** An archive's size in the reader's language, in the largest unit that keeps it at 1 or more ("1.5 GB"). */
export function formatSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: SIZE_UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
