import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import { CONTACT_SHEET_TIMEOUT_MS } from "../../films/api/download-contact-sheet.ts";
import { shareLinkClient } from "./share-link-client.ts";

/** GET public/film/contact-sheet?paper=&lang= with the share code: the shared roll's contact sheet as a PDF. */
export const downloadPublicContactSheet = (code: string, paper: ContactSheetPaper, lang: string) =>
  shareLinkClient(code)<Blob>(`/api/public/film/contact-sheet?paper=${paper}&lang=${encodeURIComponent(lang)}`, {
    responseType: "blob",
    timeoutMs: CONTACT_SHEET_TIMEOUT_MS,
  });
