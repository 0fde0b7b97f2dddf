import { type Sticker, shortIdFromBytes } from "@latent/domain/stickers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api/api-error.ts";
import { stickerFromScan, stickerRef } from "../../stickers/public/sticker-scan.ts";
import { type StickerLookups, scanOutcome } from "./scan-outcome.ts";

const HASH = "AbCdEfGhIjKlMnOpQrStUv";
const sticker = (film_id: string | null): Sticker => ({
  sticker_hash: HASH,
  short_id: "7KQ-M2P-X4C",
  film_id,
  film_name: film_id ? "Sleeve twelve" : null,
  shipment_id: null,
  created_at: "2026-11-01T00:00:00.000Z",
});
const notFound = () => new ApiError(404, "sticker-not-found", "Not found");
const lookups = (over: Partial<StickerLookups>): StickerLookups => ({
  status: async () => ({ exists: true, linked: false }),
  mine: async () => sticker(null),
  ...over,
});

describe("what a scanned sticker opens on the phone", () => {
  it("opens the roll of the user's own linked sticker at once", async () => {
    expect(await scanOutcome(HASH, lookups({ mine: async () => sticker("film-1") }))).toEqual({ kind: "open-roll", filmId: "film-1" });
  });

  it("offers to link the user's own sticker that is on no roll yet", async () => {
    expect(await scanOutcome(HASH, lookups({}))).toEqual({ kind: "link", sticker: sticker(null) });
  });

  it("says a sticker of another account is not theirs, and nothing more", async () => {
    const outcome = await scanOutcome(
      HASH,
      lookups({ status: async () => ({ exists: true, linked: true }), mine: async () => Promise.reject(notFound()) }),
    );
    expect(outcome).toEqual({ kind: "foreign" });
  });

  it("says an unknown code is not a Latent sticker, without asking whose it is", async () => {
    let askedMine = false;
    const mine = async () => {
      askedMine = true;
      return sticker(null);
    };
    expect(await scanOutcome(HASH, lookups({ status: async () => ({ exists: false, linked: false }), mine }))).toEqual({ kind: "unknown" });
    expect(await scanOutcome("ZZZ-ZZZ-ZZZ", lookups({ status: async () => Promise.reject(notFound()), mine }))).toEqual({
      kind: "unknown",
    });
    expect(askedMine).toBe(false);
  });

  it("lets a failed look-up (no network, a server error) be told and tried again", async () => {
    const offline = new ApiError(0, "network-error", "No answer");
    await expect(scanOutcome(HASH, lookups({ status: async () => Promise.reject(offline) }))).rejects.toBe(offline);
    const broken = new ApiError(500, "internal-error", "Boom");
    await expect(scanOutcome(HASH, lookups({ mine: async () => Promise.reject(broken) }))).rejects.toBe(broken);
  });
});

describe("the codes the phone's camera reads", () => {
  it("takes a Latent sticker's link from any host, and its short id typed with or without dashes", () => {
    expect(stickerRef(stickerFromScan(`https://latent.example/sticker/${HASH}`)!)).toBe(HASH);
    expect(stickerRef(stickerFromScan(`http://localhost:3411/sticker/${HASH}/`)!)).toBe(HASH);
    const shortId = shortIdFromBytes(new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2]));
    expect(stickerFromScan(` ${shortId.toLowerCase().replaceAll("-", " ")} `)).toEqual({ kind: "short-id", shortId });
  });

  it("ignores other QR codes: another site's link, a sticker path with a malformed hash, wifi codes", () => {
    expect(stickerFromScan("https://example.com/menu")).toBeNull();
    expect(stickerFromScan("https://latent.example/sticker/short")).toBeNull();
    expect(stickerFromScan("WIFI:S:home;T:WPA;P:secret;;")).toBeNull();
    expect(stickerFromScan(`ftp://latent.example/sticker/${HASH}`)).toBeNull();
  });
});
