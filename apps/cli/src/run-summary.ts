import { EXIT, type ExitCode } from "./exit-codes.ts";
import type { FolderResult } from "./folder-upload.ts";
import { formatBytes, formatSeconds } from "./progress-view.ts";

/** The end of a run for the lab: files and bytes sent, time and speed, and every file left out with its reason. */
export function summaryLines(results: readonly { folder: string; result: FolderResult }[], ms: number): string[] {
  const sent = results.reduce((n, r) => n + r.result.sent, 0);
  const already = results.reduce((n, r) => n + r.result.already, 0);
  const bytes = results.reduce((n, r) => n + r.result.bytes, 0);
  const seconds = ms / 1000;
  const lines = [
    `${sent} file${sent === 1 ? "" : "s"} sent (${formatBytes(bytes)}) in ${formatSeconds(seconds)}, ${(bytes / 1e6 / Math.max(seconds, 0.001)).toFixed(1)} MB/s` +
      (already > 0 ? `; ${already} already on the server` : ""),
  ];
  for (const { folder, result } of results) {
    for (const s of result.skipped) lines.push(`skipped ${folder}/${s.file}: ${s.reason}`);
    for (const f of result.failed) lines.push(`failed  ${folder}/${f.file}: ${f.reason}`);
    if (result.ignored.length > 0) lines.push(`left alone in ${folder} (not named as scans): ${result.ignored.join(", ")}`);
  }
  return lines;
}

/** 0 when every scan is on the server, 1 when some were skipped or failed. */
export const exitCodeOf = (results: readonly { result: FolderResult }[]): ExitCode =>
  results.some((r) => r.result.skipped.length > 0 || r.result.failed.length > 0) ? EXIT.someFailed : EXIT.ok;
