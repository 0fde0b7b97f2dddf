import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/** Reading and laying out every frame of a long roll takes longer than an ordinary call's 15 s on a busy server. */
export const CONTACT_SHEET_TIMEOUT_MS = 60_000;

/** GET film/{id}/contact-sheet?paper=: the roll's contact sheet as a PDF. */
export const downloadContactSheet = (api: ApiClient, id: string, paper: ContactSheetPaper) =>
  api<Blob>(`/api/film/${encodeURIComponent(id)}/contact-sheet?paper=${paper}`, {
    responseType: "blob",
    timeoutMs: CONTACT_SHEET_TIMEOUT_MS,
  });
