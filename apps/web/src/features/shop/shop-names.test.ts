import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import caCommon from "../../locales/ca-ES/common.json";
import enCommon from "../../locales/en-US/common.json";
import esCommon from "../../locales/es-ES/common.json";
import frCommon from "../../locales/fr-FR/common.json";
import itCommon from "../../locales/it-IT/common.json";
import { packDescription, packName, serviceName } from "./shop-names.ts";

const i18n = createInstance();
await i18n.init({
  resources: {
    "en-US": { common: enCommon },
    "es-ES": { common: esCommon },
    "fr-FR": { common: frCommon },
    "it-IT": { common: itCommon },
    "ca-ES": { common: caCommon },
  },
  lng: "en-US",
  fallbackLng: false,
});
const t = (locale: string) => i18n.getFixedT(locale);

const pack = { product_id: "pack-72", name: "Sticker-Pack-72", description: "72 stickers for a busy shooter or a small archive." };

describe("the shop's names in the reader's language", () => {
  it("names a pack and says what it is for in each of the five languages", () => {
    expect(packName(pack, t("en-US"))).toBe("Sticker Pack 72");
    expect(packName(pack, t("es-ES"))).toBe("Pack de 72 pegatinas");
    expect(packName(pack, t("fr-FR"))).toBe("Lot de 72 autocollants");
    expect(packName(pack, t("it-IT"))).toBe("Confezione da 72 adesivi");
    expect(packName(pack, t("ca-ES"))).toBe("Paquet de 72 adhesius");
    expect(packDescription(pack, t("es-ES"))).toBe("72 pegatinas para quien fotografía mucho o para un archivo pequeño.");
    expect(packDescription(pack, t("en-US"))).toBe(pack.description);
  });

  it("reads a product it does not know as the API names it, dashes as spaces", () => {
    const box = { product_id: "box-500", name: "Archive-Box-500", description: "A box." };
    expect(packName(box, t("fr-FR"))).toBe("Archive Box 500");
    expect(packDescription(box, t("fr-FR"))).toBe("A box.");
  });

  it("names the rate table's services, and leaves a carrier's own as the carrier names them", () => {
    expect(serviceName({ service: "Letter", service_code: "letter" }, t("es-ES"))).toBe("Carta");
    expect(serviceName({ service: "Tracked letter", service_code: "tracked" }, t("it-IT"))).toBe("Lettera tracciata");
    expect(serviceName({ service: "Tracked letter", service_code: "tracked" }, t("ca-ES"))).toBe("Carta amb seguiment");
    expect(serviceName({ service: "Express", service_code: "express" }, t("fr-FR"))).toBe("Express");
    expect(serviceName({ service: "Paq Ligero", service_code: null }, t("fr-FR"))).toBe("Paq Ligero");
  });
});
