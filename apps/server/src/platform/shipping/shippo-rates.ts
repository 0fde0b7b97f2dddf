import type { Currency } from "@latent/domain/purchases";
import type { ShippingRate } from "@latent/domain/shop";
import type { Address } from "@latent/domain/user";
import type { FastifyBaseLogger } from "fastify";
import { type AddressCreateRequest, type ParcelCreateRequest, type Rate, Shippo } from "shippo";
import { ShippoError } from "shippo/models/errors/index.js";
import type { ShippingRates } from "./shipping-rates.ts";

/** What the Shippo adapter needs; `apiKey` is a secret and is never logged. */
export interface ShippoRatesDeps {
  apiKey: string;
  /** Another API address (tests' fake, a proxy); null for Shippo's own. */
  apiUrl: string | null;
  /** The sender: the shop's address. */
  from: Address;
}

/** Our stickers travel in a small envelope: 23 × 16 × 1 cm, C5-ish, whatever the weight. */
export const ENVELOPE_CM = { length: "23", width: "16", height: "1" } as const;

// Shippo's object ids are 32 hex digits: an id with anything else (slashes, dots) is no rate and never goes into a URL.
const RATE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Parses a decimal amount ("5.50", "12", "3.5") into integer minor units, exactly from the string: floats would
 * turn 0.29 into 28.999…; null for anything else, or sub-cent precision (our currencies have two decimals).
 */
export function parseMinor(amount: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
}

/** Our address as Shippo's `address_from`/`address_to`; empty optional fields are left out. */
export function toShippoAddress(a: Address): AddressCreateRequest {
  return {
    street1: a.line1,
    ...(a.line2 ? { street2: a.line2 } : {}),
    city: a.city,
    ...(a.state ? { state: a.state } : {}),
    zip: a.postal_code,
    country: a.country,
    ...(a.phone ? { phone: a.phone } : {}),
  };
}

/** One envelope of `weightGrams`. */
export function toShippoParcel(weightGrams: number): ParcelCreateRequest {
  return { massUnit: "g", weight: String(weightGrams), distanceUnit: "cm", ...ENVELOPE_CM };
}

/**
 * The Shippo adapter: a shipment created synchronously (`async: false`) answers its rates at once. A rate's
 * `amount` is in `currency`, the sender's; Shippo also sends `amount_local`, its own conversion into the recipient's
 * currency, which we do not use: we never convert currencies, so a rate in another currency than the buyer's is
 * left out rather than converted at a rate nobody agreed to.
 */
export function createShippoRates(deps: ShippoRatesDeps, log?: FastifyBaseLogger): ShippingRates {
  const shippo = new Shippo({
    apiKeyHeader: `ShippoToken ${deps.apiKey}`,
    ...(deps.apiUrl ? { serverURL: deps.apiUrl } : {}),
    timeoutMs: 20_000,
  });
  const addressFrom = toShippoAddress(deps.from);

  /** Shippo's failure as an Error with the operation and the status, never the request (it holds the key). */
  function failure(operation: string, error: unknown): Error {
    if (error instanceof ShippoError) {
      let detail = "";
      try {
        const body = JSON.parse(error.body) as { detail?: unknown };
        if (typeof body.detail === "string") detail = `: ${body.detail.slice(0, 200)}`;
      } catch {
        // Not JSON (a proxy's HTML page): the status says enough.
      }
      log?.warn({ operation, status: error.statusCode }, "Shippo answered an error");
      return new Error(`Shippo ${operation} failed with HTTP ${error.statusCode}${detail}`, { cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    log?.warn({ operation, reason }, "Shippo could not be reached or answered unexpectedly");
    return new Error(`Shippo ${operation} failed: ${reason}`, { cause: error });
  }

  function toRate(rate: Rate, currency: Currency): ShippingRate | null {
    if (rate.currency.toLowerCase() !== currency) return null;
    const amount = parseMinor(rate.amount);
    if (amount === null) {
      log?.warn({ rate: rate.objectId, amount: rate.amount }, "Shippo rate with an amount we cannot read, left out");
      return null;
    }
    return {
      id: rate.objectId,
      carrier: rate.provider,
      service: rate.servicelevel.name ?? rate.servicelevel.token ?? "",
      // The carrier names its own services; only the embedded table's are named in the reader's language.
      service_code: null,
      amount: { amount, currency },
      estimated_days: rate.estimatedDays ?? null,
    };
  }

  const checkWeight = (weightGrams: number) => {
    if (!Number.isInteger(weightGrams) || weightGrams <= 0)
      throw new RangeError(`weightGrams must be a positive integer, got ${weightGrams}`);
  };

  return {
    name: "shippo",

    async quote(request) {
      checkWeight(request.weightGrams);
      let shipment: Awaited<ReturnType<typeof shippo.shipments.create>>;
      try {
        shipment = await shippo.shipments.create({
          addressFrom,
          addressTo: toShippoAddress(request.address),
          parcels: [toShippoParcel(request.weightGrams)],
          async: false,
        });
      } catch (error) {
        throw failure("shipment creation", error);
      }
      return shipment.rates
        .map((r) => toRate(r, request.currency))
        .filter((r): r is ShippingRate => r !== null)
        .sort((a, b) => a.amount.amount - b.amount.amount || a.id.localeCompare(b.id));
    },

    /**
     * The rate is fetched again (it may have expired or never existed) and accepted only when it is in the requested
     * currency and belongs to a shipment to this destination with this weight: an id quoted for a light domestic
     * letter does not pay for a heavy parcel abroad.
     */
    async find(rateId, request) {
      checkWeight(request.weightGrams);
      if (!RATE_ID.test(rateId)) return null;
      let rate: Rate;
      try {
        rate = await shippo.rates.get(rateId);
      } catch (error) {
        if (error instanceof ShippoError && error.statusCode === 404) return null;
        throw failure("rate lookup", error);
      }
      const found = toRate(rate, request.currency);
      if (!found) return null;
      let shipment: Awaited<ReturnType<typeof shippo.shipments.get>>;
      try {
        shipment = await shippo.shipments.get(rate.shipment);
      } catch (error) {
        if (error instanceof ShippoError && error.statusCode === 404) return null;
        throw failure("shipment lookup", error);
      }
      const to = shipment.addressTo;
      const parcel = shipment.parcels.length === 1 ? shipment.parcels[0] : undefined;
      const sameDestination =
        to.country.toUpperCase() === request.address.country && normalizeZip(to.zip ?? "") === normalizeZip(request.address.postal_code);
      const sameWeight = parcel !== undefined && parcel.massUnit === "g" && Number(parcel.weight) === request.weightGrams;
      return sameDestination && sameWeight ? found : null;
    },
  };
}

const normalizeZip = (zip: string) => zip.replace(/[\s-]/g, "").toUpperCase();
