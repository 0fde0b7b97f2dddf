import { describe, expect, it } from "vitest";
import { stickerFromScan, stickerRef } from "./sticker-from-scan.ts";

const HASH = "AbCdEfGhIjKlMnOpQrSt_-";

describe("stickerFromScan", () => {
  it("reads the hash of a sticker link, whatever the host", () => {
    expect(stickerFromScan(`https://latent.photo/sticker/${HASH}`)).toEqual({ kind: "hash", hash: HASH });
    expect(stickerFromScan(`http://localhost:5173/sticker/${HASH}/`)).toEqual({ kind: "hash", hash: HASH });
    expect(stickerFromScan(`  https://staging.example.com/sticker/${HASH}?utm=x#top \n`)).toEqual({ kind: "hash", hash: HASH });
  });

  it("reads a bare short id, in any case and grouping, as its canonical form", () => {
    expect(stickerFromScan("M7P-K2X-NAV")).toEqual({ kind: "short-id", shortId: "M7P-K2X-NAV" });
    expect(stickerFromScan(" m7pk2xnav ")).toEqual({ kind: "short-id", shortId: "M7P-K2X-NAV" });
    expect(stickerFromScan("ooo ooo ooo")).toEqual({ kind: "short-id", shortId: "000-000-000" });
  });

  it("ignores a short id whose check character does not match", () => {
    expect(stickerFromScan("M7P-K2X-NAW")).toBeNull();
  });

  it("ignores links that are not a sticker's, and other texts", () => {
    expect(stickerFromScan("")).toBeNull();
    expect(stickerFromScan(`https://latent.photo/film/${HASH}`)).toBeNull();
    expect(stickerFromScan("https://latent.photo/sticker/too-short")).toBeNull();
    expect(stickerFromScan(`https://latent.photo/sticker/${HASH}/extra`)).toBeNull();
    expect(stickerFromScan(`ftp://latent.photo/sticker/${HASH}`)).toBeNull();
    expect(stickerFromScan("WIFI:S:home;T:WPA;P:secret;;")).toBeNull();
    expect(stickerFromScan(HASH)).toBeNull();
  });
});

describe("stickerRef", () => {
  it("is the hash or the short id", () => {
    expect(stickerRef({ kind: "hash", hash: HASH })).toBe(HASH);
    expect(stickerRef({ kind: "short-id", shortId: "000-000-000" })).toBe("000-000-000");
  });
});
