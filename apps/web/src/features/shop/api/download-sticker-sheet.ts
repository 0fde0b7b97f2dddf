import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { saveFile } from "../../../shared/device/save-file.ts";

/** The label sheets the PDF is laid out for: A4 is Avery L7651 (65 labels), Letter is Avery 5160 (30 labels). */
export const STICKER_PAPERS = ["a4", "letter"] as const;
export type StickerPaper = (typeof STICKER_PAPERS)[number];

/** Making the PDF of a large shipment takes longer than an ordinary call's 15 s. */
const SHEET_TIMEOUT_MS = 60_000;

/** "latent-stickers-<first 8 characters of the shipment id>-<paper>.pdf". */
export const stickerSheetFileName = (shipmentId: string, paper: StickerPaper) => `latent-stickers-${shipmentId.slice(0, 8)}-${paper}.pdf`;

/** GET stickers/sheet?shipment_id=&paper=: the printable PDF of a paid shipment's stickers. */
export const downloadStickerSheet = (api: ApiClient, shipmentId: string, paper: StickerPaper) =>
  api<Blob>(`/api/stickers/sheet?shipment_id=${encodeURIComponent(shipmentId)}&paper=${paper}`, {
    responseType: "blob",
    timeoutMs: SHEET_TIMEOUT_MS,
  });

/** Fetches a shipment's sticker sheet with the user's token and saves it as a file. */
export function useDownloadStickerSheet(shipmentId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (paper: StickerPaper) => {
      saveFile(await downloadStickerSheet(api, shipmentId, paper), stickerSheetFileName(shipmentId, paper));
    },
  });
}
