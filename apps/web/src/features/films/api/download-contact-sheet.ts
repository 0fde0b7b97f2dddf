import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/** Reading and laying out every frame of a long roll takes longer than an ordinary call's 15 s on a busy server. */
export const CONTACT_SHEET_TIMEOUT_MS = 60_000;

/** GET film/{id}/contact-sheet?paper=&lang=: the roll's contact sheet as a PDF, its words in the page's language. */
export const downloadContactSheet = (api: ApiClient, id: string, paper: ContactSheetPaper, lang: string) =>
  api<Blob>(`/api/film/${encodeURIComponent(id)}/contact-sheet?paper=${paper}&lang=${encodeURIComponent(lang)}`, {
    responseType: "blob",
    timeoutMs: CONTACT_SHEET_TIMEOUT_MS,
  });
