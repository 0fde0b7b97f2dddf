import type { ShippingRate, ShippingZone } from "@latent/domain/shop";
import { z } from "zod";
import type { RateRequest, ShippingRates } from "./shipping-rates.ts";

/** The 27 EU member states (ISO 3166 alpha-2; Greece is GR): a parcel to one of them is in the `eu` zone. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

/** The zone of a destination seen from the shop's country: same country, an EU member state, or the rest. */
export function zoneOf(country: string, fromCountry: string): ShippingZone {
  if (country === fromCountry) return "domestic";
  return EU_COUNTRIES.has(country) ? "eu" : "world";
}

const minor = z.number().int().nonnegative();

const BracketSchema = z.object({
  /** Heaviest parcel (grams, inclusive) this price covers. */
  up_to_grams: z.number().int().positive(),
  /** Integer minor units per currency: the table is priced in each currency, never converted. */
  price: z.object({ eur: minor, usd: minor }),
});

const ServiceSchema = z.object({
  /** Token in rate ids: lower-case letters, digits and dashes. */
  service: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be lower-case letters, digits and dashes"),
  /**
   * What the buyer reads. The web app and the payment page name the default services (`letter`, `tracked`) in the
   * buyer's language instead; any other service reads as this.
   */
  name: z.string().trim().min(1).max(80),
  estimated_days: z.number().int().positive().nullable(),
  brackets: z
    .array(BracketSchema)
    .min(1)
    .refine((b) => b.every((x, i) => i === 0 || x.up_to_grams > b[i - 1]!.up_to_grams), {
      message: "brackets must go from light to heavy, each heavier than the one before",
    }),
});

const services = z
  .array(ServiceSchema)
  .refine((s) => new Set(s.map((x) => x.service)).size === s.length, { message: "each service only once per zone" });

/** The shape of SHIPPING_RATE_TABLE: a carrier name and, for every zone, its services with weight brackets. */
export const RateTableSchema = z.object({
  carrier: z.string().trim().min(1).max(80),
  zones: z.object({ domestic: services, eu: services, world: services }),
});
export type RateTable = z.infer<typeof RateTableSchema>;

const bracket = (up_to_grams: number, eur: number, usd: number) => ({ up_to_grams, price: { eur, usd } });

/**
 * The embedded table, close to Correos' 2025 prices for letters and small packets from Spain (the shop's country):
 * an untracked letter and a tracked one per zone, up to 100 g, 500 g and 2 kg. Heavier parcels get no table rate.
 */
export const DEFAULT_RATE_TABLE: RateTable = {
  carrier: "Correos",
  zones: {
    domestic: [
      {
        service: "letter",
        name: "Letter",
        estimated_days: 3,
        brackets: [bracket(100, 150, 170), bracket(500, 380, 420), bracket(2000, 900, 990)],
      },
      {
        service: "tracked",
        name: "Tracked letter",
        estimated_days: 2,
        brackets: [bracket(100, 450, 500), bracket(500, 620, 680), bracket(2000, 980, 1080)],
      },
    ],
    eu: [
      {
        service: "letter",
        name: "Letter",
        estimated_days: 6,
        brackets: [bracket(100, 250, 280), bracket(500, 900, 990), bracket(2000, 2300, 2550)],
      },
      {
        service: "tracked",
        name: "Tracked letter",
        estimated_days: 5,
        brackets: [bracket(100, 850, 940), bracket(500, 1450, 1600), bracket(2000, 2900, 3200)],
      },
    ],
    world: [
      {
        service: "letter",
        name: "Letter",
        estimated_days: 10,
        brackets: [bracket(100, 310, 340), bracket(500, 1300, 1430), bracket(2000, 3500, 3850)],
      },
      {
        service: "tracked",
        name: "Tracked letter",
        estimated_days: 8,
        brackets: [bracket(100, 1150, 1270), bracket(500, 2100, 2310), bracket(2000, 4300, 4750)],
      },
    ],
  },
};

/** What the table adapter needs: the shop's country and the table. */
export interface TableRatesDeps {
  fromCountry: string;
  table: RateTable;
}

/**
 * The embedded default: rates read from a table by destination zone and weight, offline. A rate id names zone,
 * service, bracket and currency (`table:eu:tracked:500:eur`), so `find` recomputes the quote and compares ids: an id
 * quoted for another zone, weight bracket or currency is not offered for this request.
 */
export function createTableRates(deps: TableRatesDeps): ShippingRates {
  function quote(request: RateRequest): ShippingRate[] {
    if (!Number.isInteger(request.weightGrams) || request.weightGrams <= 0) {
      throw new RangeError(`weightGrams must be a positive integer, got ${request.weightGrams}`);
    }
    const zone = zoneOf(request.address.country, deps.fromCountry);
    const rates: ShippingRate[] = [];
    for (const s of deps.table.zones[zone]) {
      const b = s.brackets.find((x) => request.weightGrams <= x.up_to_grams);
      if (!b) continue; // heavier than this service takes
      rates.push({
        id: `table:${zone}:${s.service}:${b.up_to_grams}:${request.currency}`,
        carrier: deps.table.carrier,
        service: s.name,
        service_code: s.service,
        amount: { amount: b.price[request.currency], currency: request.currency },
        estimated_days: s.estimated_days,
      });
    }
    return rates.sort((a, b) => a.amount.amount - b.amount.amount || a.id.localeCompare(b.id));
  }

  return {
    name: "table",
    quote: async (request) => quote(request),
    find: async (rateId, request) => quote(request).find((r) => r.id === rateId) ?? null,
  };
}
