import { describe, expect, it } from "vitest";
import { closeLightbox, nextLightboxEntry, searchWithShot, shotOfSearch } from "./shot-url.ts";

describe("a shot's address", () => {
  it("reads the shot a link names, and nothing from a value that is not a shot", () => {
    expect(shotOfSearch("?shot=3")).toBe(3);
    expect(shotOfSearch("?code=abc&shot=12")).toBe(12);
    for (const search of ["", "?code=abc", "?shot=", "?shot=0", "?shot=-1", "?shot=2.5", "?shot=two", "?shot=03"]) {
      expect(shotOfSearch(search), search).toBeNull();
    }
  });

  it("names another shot, or none, and keeps the share code", () => {
    expect(searchWithShot("?code=a-b_c", 3)).toBe("?code=a-b_c&shot=3");
    expect(searchWithShot("?code=a-b_c&shot=3", 4)).toBe("?code=a-b_c&shot=4");
    expect(searchWithShot("?code=a-b_c&shot=3", null)).toBe("?code=a-b_c");
    expect(searchWithShot("?shot=3", null)).toBe("");
    expect(searchWithShot("", 1)).toBe("?shot=1");
  });
});

describe("the lightbox in the browser's history", () => {
  it("closes by going back to the gallery through every shot seen, so Back then leaves the roll", () => {
    const first = nextLightboxEntry(null, false);
    const third = nextLightboxEntry(nextLightboxEntry(first, true), true);
    expect(first).toEqual({ lightbox: { depth: 1, fromGallery: true } });
    expect(closeLightbox(first)).toEqual({ back: 1 });
    expect(closeLightbox(third)).toEqual({ back: 3 });
  });

  it("closes in place on a page opened on a link to a shot, also after moving to other shots", () => {
    expect(closeLightbox(null)).toEqual({ replace: true });
    const next = nextLightboxEntry(undefined, true);
    expect(next).toEqual({ lightbox: { depth: 1, fromGallery: false } });
    expect(closeLightbox(nextLightboxEntry(next, true))).toEqual({ replace: true });
  });

  it("ignores a history state it did not write", () => {
    expect(closeLightbox({ lightbox: { depth: "2", fromGallery: true } })).toEqual({ replace: true });
    expect(nextLightboxEntry({ other: true }, false)).toEqual({ lightbox: { depth: 1, fromGallery: true } });
  });
});
