import { describe, expect, it } from "vitest";
import { discounted, formatMinorPrice, formatPrice } from "./plan-format.ts";

describe("plan prices and limits", () => {
  it("writes prices the way each language does", () => {
    expect(formatPrice(4.99, "eur", "en-US")).toBe("€4.99");
    expect(formatPrice(4.99, "eur", "es-ES")).toBe("4,99\u00a0€");
    expect(formatPrice(5.49, "usd", "en-US")).toBe("$5.49");
  });

  it("leaves the decimals out of whole amounts", () => {
    expect(formatPrice(0, "eur", "en-US")).toBe("€0");
  });

  it("takes the newsletter's percentage off to the cent", () => {
    expect(discounted(4.99, 20)).toBe(3.99);
    expect(discounted(10.99, 20)).toBe(8.79);
  });

  it("writes amounts in minor units (cents) as the API gives them", () => {
    expect(formatMinorPrice(499, "eur", "en-US")).toBe("€4.99");
    expect(formatMinorPrice(399, "eur", "fr-FR")).toBe("3,99\u00a0€");
    expect(formatMinorPrice(1099, "usd", "en-US")).toBe("$10.99");
    expect(formatMinorPrice(500, "usd", "en-US")).toBe("$5");
  });
});
