// What another feature (the phone companion) may use of the films feature's uploads and roll texts: the same
// upload manager, plan and queue as the roll page, so a phone uploads exactly as the web does.
export { filmTitle } from "../components/film-texts.ts";
export { UploadQueue } from "../components/upload-queue.tsx";
export { assignIndexes, chooseScans, defaultRange, planProblem } from "../uploads/upload-plan.ts";
export { useFilmUploads, useUploadManager } from "../uploads/use-uploads.ts";
