import { paths } from "@latent/domain/app-paths";
import { normalizeShortId, STICKER_HASH_PATTERN } from "@latent/domain/stickers";

/** What a scanned or typed text names: a sticker by its hash (the QR's link) or by its short id. */
export type ScannedSticker = { kind: "hash"; hash: string } | { kind: "short-id"; shortId: string };

const STICKER_PATH_PREFIX = paths.sticker.to("");

/** The hash in a path `/sticker/<hash>` (a trailing slash allowed), or null. */
function hashOfPath(pathname: string): string | null {
  if (!pathname.startsWith(STICKER_PATH_PREFIX)) return null;
  let rest = pathname.slice(STICKER_PATH_PREFIX.length).replace(/\/$/, "");
  try {
    rest = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return STICKER_HASH_PATTERN.test(rest) ? rest : null;
}

/**
 * What a QR code (or a pasted text) means for linking: the link printed on a Latent sticker, whatever host it
 * names (stickers printed for a staging site or an older domain still name the same sticker), or a bare short
 * id. Anything else (another site's QR, a wifi code…) is null, so the scanner keeps looking.
 */
export function stickerFromScan(text: string): ScannedSticker | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const shortId = normalizeShortId(trimmed);
  if (shortId) return { kind: "short-id", shortId };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const hash = hashOfPath(url.pathname);
  return hash ? { kind: "hash", hash } : null;
}

/** The reference PUT film/link takes for a scanned sticker: its hash, or its short id. */
export const stickerRef = (sticker: ScannedSticker) => (sticker.kind === "hash" ? sticker.hash : sticker.shortId);
