import { describe, expect, it } from "vitest";
import { webpageLabel } from "./lab-webpage.ts";

describe("a lab's webpage label", () => {
  it("drops the scheme and the trailing slash, keeping the path", () => {
    expect(webpageLabel("https://lab.example.com/")).toBe("lab.example.com");
    expect(webpageLabel("http://lab.example.com/shop")).toBe("lab.example.com/shop");
  });
});
