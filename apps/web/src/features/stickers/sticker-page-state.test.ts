import type { Sticker } from "@latent/domain/stickers";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../shared/api/api-error.ts";
import { asksMine, type StickerPageInput, stickerPageState } from "./sticker-page-state.ts";

const HASH = "AbCdEfGhIjKlMnOpQrSt_-";
const sticker = (film_id: string | null): Sticker => ({
  sticker_hash: HASH,
  short_id: "M7P-K2X-NAV",
  film_id,
  film_name: film_id ? "Summer" : null,
  shipment_id: null,
  created_at: "2026-01-01T00:00:00Z",
});
const input = (over: Partial<StickerPageInput>): StickerPageInput => ({
  hash: HASH,
  signedIn: true,
  status: { data: { exists: true, linked: false } },
  mine: {},
  ...over,
});

describe("stickerPageState", () => {
  it("says not a sticker for a malformed hash, an unknown sticker, or a 404", () => {
    expect(stickerPageState(input({ hash: "not-a-hash" }))).toEqual({ kind: "not-found" });
    expect(stickerPageState(input({ status: { data: { exists: false, linked: false } } }))).toEqual({ kind: "not-found" });
    expect(stickerPageState(input({ status: { error: new ApiError(404, "sticker-not-found", "x") } }))).toEqual({ kind: "not-found" });
  });

  it("waits for the status, the session and the owner's answer", () => {
    expect(stickerPageState(input({ status: {} }))).toEqual({ kind: "loading" });
    expect(stickerPageState(input({ signedIn: null }))).toEqual({ kind: "loading" });
    expect(stickerPageState(input({ mine: {} }))).toEqual({ kind: "loading" });
  });

  it("shows a visitor only that the sticker belongs to a roll, linked or not", () => {
    for (const linked of [true, false])
      expect(stickerPageState(input({ signedIn: false, status: { data: { exists: true, linked } } }))).toEqual({ kind: "foreign" });
  });

  it("treats someone else's sticker like a visitor's", () => {
    expect(stickerPageState(input({ mine: { error: new ApiError(404, "sticker-not-found", "x") } }))).toEqual({ kind: "foreign" });
  });

  it("sends the owner to the linked roll", () => {
    expect(stickerPageState(input({ mine: { data: sticker("film-1") } }))).toEqual({ kind: "go-to-roll", filmId: "film-1" });
  });

  it("lets the owner pick a roll for an unlinked sticker", () => {
    expect(stickerPageState(input({ mine: { data: sticker(null) } }))).toEqual({ kind: "pick", sticker: sticker(null) });
  });

  it("reports failures that another try may fix", () => {
    const down = new ApiError(0, "network-error", "x");
    expect(stickerPageState(input({ status: { error: down } }))).toEqual({ kind: "failed", error: down });
    const broken = new ApiError(500, "internal-error", "x");
    expect(stickerPageState(input({ mine: { error: broken } }))).toEqual({ kind: "failed", error: broken });
  });
});

describe("asksMine", () => {
  it("asks only for a signed-in user and a well-formed hash", () => {
    expect(asksMine(HASH, true)).toBe(true);
    expect(asksMine(HASH, false)).toBe(false);
    expect(asksMine(HASH, null)).toBe(false);
    expect(asksMine("bad", true)).toBe(false);
  });
});
