import { describe, expect, it } from "vitest";
import { displayCode, providerPage } from "./lightroom-code.ts";

describe("the lrcode page's code", () => {
  it("shows a code as Lightroom does, however it was typed", () => {
    expect(displayCode("bcdfghjk")).toBe("BCDF-GHJK");
    expect(displayCode(" BCDF - ghjk ")).toBe("BCDF-GHJK");
    expect(displayCode(null)).toBe("");
  });

  it("follows a provider's verification link only to that provider", () => {
    expect(providerPage("https://id.example/activate?user_code=X", "https://id.example")).toBe("https://id.example/activate?user_code=X");
    expect(providerPage("https://evil.example/activate", "https://id.example")).toBeNull();
    expect(providerPage("javascript:alert(1)", "https://id.example")).toBeNull();
    expect(providerPage("https://id.example/activate", null)).toBeNull();
    expect(providerPage(null, "https://id.example")).toBeNull();
  });
});
