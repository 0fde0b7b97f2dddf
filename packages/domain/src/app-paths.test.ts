import { describe, expect, it } from "vitest";
import { APP_PATH_PATTERNS, isAppPath } from "./app-paths.ts";

describe("the web app's paths", () => {
  it("knows the pages of spec §2, with any value in a parameter segment", () => {
    for (const path of ["/", "/pricing", "/pricing/", "/film", "/u", "/u/films", "/u/films/3f2c", "/sticker/abc", "/u/labs", "/callback"]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it("does not know other paths, nor a page with a segment too many or missing", () => {
    for (const path of ["/no/such/page", "/u/films/3f2c/extra", "/sticker", "/filmx", "/u/nothing", "/robots.txt"]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it("lists each pattern once", () => {
    expect(new Set(APP_PATH_PATTERNS).size).toBe(APP_PATH_PATTERNS.length);
  });
});
