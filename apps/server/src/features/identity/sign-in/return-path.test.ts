import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path.ts";

describe("the path a sign-up returns to", () => {
  it("keeps a path of the site with its query, such as an order's page", () => {
    expect(safeReturnPath("/order?code=abc_DEF-123")).toBe("/order?code=abc_DEF-123");
    expect(safeReturnPath("/u/films")).toBe("/u/films");
  });

  it("refuses whatever could lead to another site or break a link", () => {
    for (const bad of [
      "https://evil.example/order",
      "//evil.example/order",
      "/\\evil.example",
      "javascript:alert(1)",
      "order?code=x",
      "/order?code=a b",
      "/order\r\nLocation: https://evil.example",
      `/${"a".repeat(2000)}`,
      42,
      undefined,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
