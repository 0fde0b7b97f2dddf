import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { useAuthSession } from "../../../shared/auth/auth-session-context.tsx";
import { beginShotUpload } from "../api/begin-shot-upload.ts";
import { deleteShot } from "../api/delete-shot.ts";
import { getUploadStatus } from "../api/get-upload-status.ts";
import { setLeaveReason, setLeaveTexts } from "../leave-page-warning.ts";
import { createIndexedDbStash } from "./file-stash.ts";
import { createUploadManager, sendChunkWithProgress, type UploadManager, type UploadShot } from "./upload-manager.ts";

/** One manager for the page's life: uploads go on while the user opens other screens. */
let manager: UploadManager | null = null;
const NO_SHOTS: readonly UploadShot[] = [];

export function useUploadManager(): UploadManager {
  const api = useApiClient();
  const session = useAuthSession();
  const { i18n } = useTranslation();
  if (!manager) {
    const created = createUploadManager({
      begin: (filmId, index, body) => beginShotUpload(api, filmId, index, body),
      status: (uploadId) => getUploadStatus(api, uploadId),
      sendChunk: sendChunkWithProgress,
      deleteShot: (filmId, index) => deleteShot(api, filmId, index),
      tokens: session,
      storage: window.localStorage,
      stash: createIndexedDbStash(),
    });
    created.subscribe(() => setLeaveReason("uploads", created.isSending()));
    // A phone on the move loses its connection: what failed for want of it goes on once it is back.
    window.addEventListener("online", () => created.resumeAfterNetworkLoss());
    manager = created;
  }
  useEffect(() => setLeaveTexts((reason) => i18n.t(`films:leave.${reason}`)), [i18n]);
  return manager;
}

/** The upload entries of one roll, updated as files are sent. */
export function useFilmUploads(filmId: string): readonly UploadShot[] {
  const uploads = useUploadManager();
  return useSyncExternalStore(uploads.subscribe, () => uploads.getSnapshot()[filmId]?.shots ?? NO_SHOTS);
}
