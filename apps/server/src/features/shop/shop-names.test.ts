import type { ShippingRate } from "@latent/domain/shop";
import { describe, expect, it } from "vitest";
import { packName, rateName } from "./shop-names.ts";

const rate = (service_code: string | null, service: string): ShippingRate => ({
  id: "r",
  carrier: "Correos",
  service,
  service_code,
  amount: { amount: 150, currency: "eur" },
  estimated_days: 3,
});

describe("the names a payment shows for the shop's goods", () => {
  it("names the shop's packs in the buyer's language", () => {
    const pack = { product_id: "pack-24", name: "Sticker-Pack-24" };
    expect(packName(pack, "en-US")).toBe("Sticker Pack 24");
    expect(packName(pack, "es-ES")).toBe("Pack de 24 pegatinas");
    expect(packName(pack, "fr-FR")).toBe("Lot de 24 autocollants");
    expect(packName(pack, "it-IT")).toBe("Confezione da 24 adesivi");
    expect(packName(pack, "ca-ES")).toBe("Paquet de 24 adhesius");
  });

  it("keeps the inventory name of a product it has no name for, dashes as spaces", () => {
    expect(packName({ product_id: "pack-500", name: "Archive-Box-500" }, "es-ES")).toBe("Archive Box 500");
  });

  it("names the embedded table's services in the buyer's language and a carrier's own as the carrier does", () => {
    expect(rateName(rate("letter", "Letter"), "es-ES")).toBe("Correos Carta");
    expect(rateName(rate("tracked", "Tracked letter"), "fr-FR")).toBe("Correos Lettre suivie");
    expect(rateName(rate("letter", "Letter"), "en-US")).toBe("Correos Letter");
    expect(rateName(rate(null, "Paq Ligero"), "it-IT")).toBe("Correos Paq Ligero");
    expect(rateName(rate("express", "Express"), "ca-ES")).toBe("Correos Express");
  });
});
