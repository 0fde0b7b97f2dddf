import { downloadManager } from "../downloads/use-downloads.ts";

/**
 * A roll's realtime feed reported a finished file of the zip being downloaded under `key` (spec §4): the bar moves
 * by files. Public so the shared roll's page, which has the feed too, reports the same way.
 */
export function reportZipFileDone(key: string, percent: number) {
  downloadManager().fileDone(key, percent);
}
