import { displayItemName, type InventoryItem, type ShippingRate } from "@latent/domain/shop";

/** The slice of i18next's `t` used here. */
type Translate = (key: string, options: { defaultValue: string }) => string;

// The API names what the shop sells in English, as its catalogue does (`name`, `service`), and says which product or
// service it is (`product_id`, `service_code`); these name them in the reader's language from the common texts, as
// plan names are. A product or service the texts do not know yet reads as the API names it.

/** A pack's name: "Lot de 24 autocollants"; an unknown product's inventory name with its dashes as spaces (spec §3). */
export const packName = (item: Pick<InventoryItem, "product_id" | "name">, t: Translate) =>
  t(`common:packs.${item.product_id}.name`, { defaultValue: displayItemName(item.name) });

/** What a pack is for, in a sentence. */
export const packDescription = (item: Pick<InventoryItem, "product_id" | "description">, t: Translate) =>
  t(`common:packs.${item.product_id}.description`, { defaultValue: item.description });

/** A shipping service: the embedded rate table's "Carta", or a carrier's own service as the carrier names it. */
export const serviceName = (rate: Pick<ShippingRate, "service" | "service_code">, t: Translate) =>
  rate.service_code ? t(`common:shippingServices.${rate.service_code}`, { defaultValue: rate.service }) : rate.service;
