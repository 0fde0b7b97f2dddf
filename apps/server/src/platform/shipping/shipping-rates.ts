import type { Currency } from "@latent/domain/purchases";
import type { ShippingRate } from "@latent/domain/shop";
import type { Address } from "@latent/domain/user";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import { createTableRates } from "./table-rates.ts";

/** One parcel to price: where it goes, what it weighs (whole grams) and the currency the buyer pays in. */
export interface RateRequest {
  address: Address;
  weightGrams: number;
  currency: Currency;
}

/** The shipping-rate port: the embedded table by default, Shippo when its key is set. */
export interface ShippingRates {
  readonly name: "table" | "shippo";
  /** Rates for one parcel, cheapest first, only in the requested currency. */
  quote(request: RateRequest): Promise<ShippingRate[]>;
  /** The rate with this id if it is (still) offered for this request, else null: checkout re-checks the buyer's choice. */
  find(rateId: string, request: RateRequest): Promise<ShippingRate | null>;
}

/** Builds the adapter that `config.shipping` names. */
export function createShippingRates(config: Config["shipping"], log?: FastifyBaseLogger): ShippingRates {
  switch (config.kind) {
    case "table":
      return createTableRates({ fromCountry: config.fromCountry, table: config.table });
    case "shippo": {
      // Shippo's SDK loads with the first quote: it is the largest import at start, and most servers never use it.
      let rates: Promise<ShippingRates> | undefined;
      const shippo = () =>
        (rates ??= import("./shippo-rates.ts").then((m) =>
          m.createShippoRates({ apiKey: config.apiKey, apiUrl: config.apiUrl, from: config.from }, log),
        ));
      return {
        name: "shippo",
        quote: async (request) => (await shippo()).quote(request),
        find: async (rateId, request) => (await shippo()).find(rateId, request),
      };
    }
  }
}
