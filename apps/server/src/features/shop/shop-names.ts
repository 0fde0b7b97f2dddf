import type { ShippingRate } from "@latent/domain/shop";
import { displayItemName } from "@latent/domain/shop";
import { nameIn } from "../../platform/i18n/translator.ts";

/**
 * What the payment page (the provider's checkout, its receipt) calls a pack, in the buyer's language: the shop's own
 * packs are named by `product_id`; another product keeps its inventory name, dashes shown as spaces (spec §3).
 */
export const packName = (line: { product_id: string; name: string }, locale: string) =>
  nameIn(locale, "catalogue", `packs.${line.product_id}`, displayItemName(line.name));

/** A shipping rate as one line of the payment: "Correos Carta"; a carrier's own service keeps the carrier's name. */
export function rateName(rate: ShippingRate, locale: string) {
  const service = rate.service_code ? nameIn(locale, "catalogue", `shippingServices.${rate.service_code}`, rate.service) : rate.service;
  return `${rate.carrier} ${service}`;
}
