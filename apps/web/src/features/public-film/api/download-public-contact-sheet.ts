import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";
import { CONTACT_SHEET_TIMEOUT_MS } from "../../films/api/download-contact-sheet.ts";

/** GET public/film/contact-sheet?paper=&lang= with the share code: the shared roll's contact sheet as a PDF. */
export const downloadPublicContactSheet = (code: string, paper: ContactSheetPaper, lang: string) =>
  shareLinkClient(code)<Blob>(`/api/public/film/contact-sheet?paper=${paper}&lang=${encodeURIComponent(lang)}`, {
    responseType: "blob",
    timeoutMs: CONTACT_SHEET_TIMEOUT_MS,
  });
