import { z } from "zod";

/**
 * Stickers (spec §1, §3): a QR code on a negative sleeve that opens its roll. Each has a secret `sticker_hash` (128
 * random bits, base64url, what the QR encodes) and a short id for typing, in Crockford's base32 with a Luhn mod 32
 * check character, written in three groups of three: `K7Q-M2X-PA9`.
 */
export const STICKER_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Crockford's base32: no I, L, O or U, so a typed id cannot be misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const SHORT_ID_DATA = 8;

/** The Luhn mod N check character over base32 digits: catches every single wrong character and most swaps. */
export function shortIdCheck(data: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = data.length - 1; i >= 0; i--) {
    const product = ALPHABET.indexOf(data[i]!) * factor;
    sum += Math.floor(product / 32) + (product % 32);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET[(32 - (sum % 32)) % 32]!;
}

/** A short id from 40 random bits (given as 8 base32 digits' worth of bytes), check character included, grouped. */
export function shortIdFromBytes(bytes: Uint8Array): string {
  let data = "";
  for (let i = 0; i < SHORT_ID_DATA; i++) data += ALPHABET[bytes[i]! % 32];
  return formatShortId(data + shortIdCheck(data));
}

const formatShortId = (nine: string) => `${nine.slice(0, 3)}-${nine.slice(3, 6)}-${nine.slice(6, 9)}`;

/**
 * What a person typed, as the canonical short id, or null when it is not one (wrong length, a character outside
 * the alphabet, or a check character that does not match). Case, spaces and dashes do not matter; O reads as 0
 * and I or L as 1, as Crockford's base32 says.
 */
export function normalizeShortId(typed: string): string | null {
  const raw = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (raw.length !== SHORT_ID_DATA + 1 || [...raw].some((c) => !ALPHABET.includes(c))) return null;
  const data = raw.slice(0, SHORT_ID_DATA);
  return shortIdCheck(data) === raw[SHORT_ID_DATA] ? formatShortId(raw) : null;
}

/** A sticker as the stickers service tells anyone (GET {hash}): whether it exists and is linked; nothing else. */
export const StickerStatusSchema = z.object({ exists: z.boolean(), linked: z.boolean() });
export type StickerStatus = z.infer<typeof StickerStatusSchema>;

/** One of the caller's own stickers. */
export const StickerSchema = z.object({
  sticker_hash: z.string(),
  short_id: z.string(),
  film_id: z.string().nullable(),
  film_name: z.string().nullable(),
  shipment_id: z.string().nullable(),
  created_at: z.string(),
});
export type Sticker = z.infer<typeof StickerSchema>;
export const StickersSchema = z.array(StickerSchema);

/** A sticker's hash or its short id: both name it in the link route and the stickers service. */
const StickerRefSchema = z.string().trim().min(1).max(100);

export const StickerParamsSchema = z.object({ hash: StickerRefSchema });
export type StickerParams = z.infer<typeof StickerParamsSchema>;

/**
 * Body of PUT film/link (spec §7): `sticker_hash` (or the short id typed from the sticker) and the roll. A sticker
 * linked to another roll, or a roll with another sticker, is answered 409 unless `move` says to move it.
 */
export const LinkStickerBodySchema = z.object({
  sticker_hash: StickerRefSchema,
  film_id: z.string().min(1).max(100),
  move: z.boolean().default(false),
});
export type LinkStickerBody = z.infer<typeof LinkStickerBodySchema>;

/** Body of PUT film/unlink (spec §7). */
export const UnlinkStickerBodySchema = z.object({ film_id: z.string().min(1).max(100) });
export type UnlinkStickerBody = z.infer<typeof UnlinkStickerBodySchema>;

/** Query of the sticker sheet (PDF): the shipment whose stickers to print. */
export const StickerSheetQuerySchema = z.object({ shipment_id: z.string().min(1).max(100) });
export type StickerSheetQuery = z.infer<typeof StickerSheetQuerySchema>;

/** The address a sticker's QR code holds: the sticker's page on this server. */
export const stickerUrl = (publicUrl: string, hash: string): string => `${publicUrl}/sticker/${hash}`;
