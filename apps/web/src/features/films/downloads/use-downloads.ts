import type { ZipData } from "@latent/domain/films";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { setLeaveReason, setLeaveTexts } from "../leave-page-warning.ts";
import { createDownloadManager, type DownloadData, type DownloadManager } from "./download-manager.ts";

/** One manager for the page's life, shared by the user's rolls and shared rolls. */
let manager: DownloadManager | null = null;

export function downloadManager(): DownloadManager {
  if (!manager) {
    const created = createDownloadManager({ storage: window.localStorage });
    // Only a link still being checked lives in the page: the browser keeps its downloads when the page is left.
    created.subscribe(() => setLeaveReason("downloads", created.hasDownloading()));
    manager = created;
  }
  return manager;
}

/** The zip download of one roll: its state (spec §3 download state) and the actions on it. */
export function useZipDownload(key: string, manifest: () => Promise<ZipData>) {
  const downloads = downloadManager();
  const { i18n } = useTranslation();
  useEffect(() => setLeaveTexts((reason) => i18n.t(`films:leave.${reason}`)), [i18n]);
  const data: DownloadData | undefined = useSyncExternalStore(downloads.subscribe, () => downloads.getSnapshot()[key]);
  const start = useCallback(() => downloads.start(key, manifest), [downloads, key, manifest]);
  const dismiss = useCallback(() => downloads.dismiss(key), [downloads, key]);
  return { data, start, dismiss };
}
