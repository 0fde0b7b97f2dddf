// What another feature (the phone companion) may use to read a scanned or typed sticker.
export { type ScannedSticker, stickerFromScan, stickerRef } from "../sticker-from-scan.ts";
