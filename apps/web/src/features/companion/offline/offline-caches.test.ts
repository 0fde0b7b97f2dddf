import { describe, expect, it } from "vitest";
import { DATA_URL, IMAGE_URL, mediaCacheKey } from "./offline-caches.ts";

const origin = "https://latent.example";

describe("what the companion keeps for offline use", () => {
  it("keeps the answers a roll's screens start from: settings, the user, the rolls list and one roll", () => {
    for (const path of ["/api/config", "/api/user/", "/api/film", "/api/film/", "/api/film?search=beach", "/api/film/3f2c-77"])
      expect(DATA_URL.test(`${origin}${path}`), path).toBe(true);
  });

  it("keeps nothing deeper or elsewhere: uploads, share links, tickets, stickers, other users' data", () => {
    for (const path of ["/api/film/3f2c/uploads", "/api/film/3f2c/shares", "/api/film/3f2c/ws-ticket", "/api/stickers", "/api/cameras"])
      expect(DATA_URL.test(`${origin}${path}`), path).toBe(false);
  });

  it("keeps thumbnails and previews, never the original scans", () => {
    expect(IMAGE_URL.test(`${origin}/media/u1/f1/s1/thumb.webp?expires=1&signature=abc`)).toBe(true);
    expect(IMAGE_URL.test(`${origin}/media/u1/f1/s1/preview.jpg?expires=1&signature=abc`)).toBe(true);
    expect(IMAGE_URL.test(`${origin}/media/u1/f1/s1/original?expires=1&signature=abc`)).toBe(false);
  });

  it("finds a picture again under a newer signed link: its key leaves the signature and expiry out", () => {
    const first = mediaCacheKey(`${origin}/media/u1/f1/s1/thumb.webp?expires=100&signature=abc`);
    const later = mediaCacheKey(`${origin}/media/u1/f1/s1/thumb.webp?expires=900&signature=xyz&grant=share-1`);
    expect(first).toBe(`${origin}/media/u1/f1/s1/thumb.webp`);
    expect(later).toBe(first);
    expect(mediaCacheKey(`${origin}/media/u1/f1/s2/thumb.webp?expires=100`)).not.toBe(first);
  });
});
