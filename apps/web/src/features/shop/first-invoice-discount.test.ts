import type { PlanOffer } from "@latent/domain/purchases";
import { describe, expect, it } from "vitest";
import { firstInvoiceDiscount } from "./first-invoice-discount.ts";

const artist: PlanOffer = {
  id: "artist",
  name: "Artist",
  price: { amount: 499, currency: "eur" },
  limits: { films: 60, gear: 3, storage_bytes: 200 * 1024 ** 3, kept_shots: 2000 },
  early_news: false,
};

describe("the newsletter discount on a plan card", () => {
  it("shows the first invoice's price when the API offers one below the monthly price", () => {
    const offer = { ...artist, first_invoice_price: { amount: 399, currency: "eur" as const }, discount_percent: 20 };
    expect(firstInvoiceDiscount(offer)).toEqual({ price: { amount: 399, currency: "eur" }, percent: 20 });
  });

  it("shows nothing without a discount, on the free plan, or before the offers arrive", () => {
    expect(firstInvoiceDiscount(artist)).toBeNull();
    expect(
      firstInvoiceDiscount({
        ...artist,
        id: "free",
        price: { amount: 0, currency: "eur" },
        first_invoice_price: { amount: 0, currency: "eur" },
      }),
    ).toBeNull();
    expect(firstInvoiceDiscount(undefined)).toBeNull();
  });
});
