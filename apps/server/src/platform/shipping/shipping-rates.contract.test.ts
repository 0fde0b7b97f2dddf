import type { Currency } from "@latent/domain/purchases";
import type { Address } from "@latent/domain/user";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_SHIPPO_MAX_GRAMS, type FakeShippo, startFakeShippo } from "../../../test/fake-shippo.ts";
import { createShippingRates, type RateRequest, type ShippingRates } from "./shipping-rates.ts";
import { parseMinor } from "./shippo-rates.ts";
import { DEFAULT_RATE_TABLE } from "./table-rates.ts";

const address = (country: string, overrides: Partial<Address> = {}): Address => ({
  line1: "Calle Mayor 1",
  line2: "",
  city: "Madrid",
  postal_code: "28013",
  state: "",
  country,
  phone: "",
  vat: "",
  ...overrides,
});

const SHOP = address("ES", { line1: "Carrer de Pelai 9", city: "Barcelona", postal_code: "08001", phone: "+34 600 000 000" });
const DESTINATIONS = {
  domestic: address("ES"),
  eu: address("FR", { line1: "12 rue de Rivoli", city: "Paris", postal_code: "75004" }),
  world: address("US", { line1: "1 Main St", line2: "Apt 2", city: "Springfield", postal_code: "62701", state: "IL" }),
} as const;
const CURRENCIES: Currency[] = ["eur", "usd"];
const HEAVIEST_TABLE_BRACKET = Math.max(
  ...Object.values(DEFAULT_RATE_TABLE.zones).flatMap((s) => s.flatMap((x) => x.brackets.map((b) => b.up_to_grams))),
);
// Heavier than every bracket of the table and than everything the fake's carriers take.
const TOO_HEAVY = Math.max(HEAVIEST_TABLE_BRACKET, FAKE_SHIPPO_MAX_GRAMS) + 1;

const request = (to: Address, currency: Currency = "eur", weightGrams = 250): RateRequest => ({ address: to, weightGrams, currency });

interface Subject {
  rates: ShippingRates;
  fake: FakeShippo | null;
  stop(): Promise<void>;
}

const adapters: { name: "table" | "shippo"; start(): Promise<Subject> }[] = [
  {
    name: "table",
    start: async () => ({
      rates: createShippingRates({ kind: "table", fromCountry: "ES", table: DEFAULT_RATE_TABLE }),
      fake: null,
      stop: async () => {},
    }),
  },
  {
    name: "shippo",
    start: async () => {
      const fake = await startFakeShippo();
      return {
        rates: createShippingRates({ kind: "shippo", apiKey: fake.apiKey, apiUrl: fake.url, from: SHOP }),
        fake,
        stop: () => fake.stop(),
      };
    },
  },
];

describe.each(adapters)("ShippingRates ($name)", ({ name, start }) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await start();
  });
  afterAll(() => subject.stop());

  it("names itself after its adapter", () => {
    expect(subject.rates.name).toBe(name);
  });

  for (const [zone, to] of Object.entries(DESTINATIONS)) {
    for (const currency of CURRENCIES) {
      it(`quotes a ${zone} address (${to.country}) in ${currency} only, cheapest first, in whole minor units`, async () => {
        const quoted = await subject.rates.quote(request(to, currency));
        expect(quoted.length).toBeGreaterThan(0);
        for (const rate of quoted) {
          expect(rate.amount.currency).toBe(currency);
          expect(Number.isInteger(rate.amount.amount)).toBe(true);
          expect(rate.amount.amount).toBeGreaterThan(0);
          expect(rate.id).not.toBe("");
          expect(rate.carrier).not.toBe("");
          expect(rate.service).not.toBe("");
          expect(rate.estimated_days === null || Number.isInteger(rate.estimated_days)).toBe(true);
        }
        const amounts = quoted.map((r) => r.amount.amount);
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
        expect(new Set(quoted.map((r) => r.id)).size).toBe(quoted.length);
      });
    }
  }

  it("charges more the farther the parcel goes: domestic, then the EU, then the rest of the world", async () => {
    const cheapest = async (to: Address) => (await subject.rates.quote(request(to)))[0]!.amount.amount;
    const domestic = await cheapest(DESTINATIONS.domestic);
    const eu = await cheapest(DESTINATIONS.eu);
    const world = await cheapest(DESTINATIONS.world);
    expect(domestic).toBeLessThan(eu);
    expect(eu).toBeLessThan(world);
  });

  it("charges a heavier parcel at least as much as a light one", async () => {
    const light = await subject.rates.quote(request(DESTINATIONS.eu, "eur", 50));
    const heavy = await subject.rates.quote(request(DESTINATIONS.eu, "eur", 1500));
    expect(heavy[0]!.amount.amount).toBeGreaterThanOrEqual(light[0]!.amount.amount);
  });

  it("offers no rate for a parcel heavier than every service takes", async () => {
    expect(await subject.rates.quote(request(DESTINATIONS.world, "eur", TOO_HEAVY))).toEqual([]);
  });

  it("finds a quoted rate again by its id, unchanged", async () => {
    for (const currency of CURRENCIES) {
      const req = request(DESTINATIONS.eu, currency);
      const quoted = await subject.rates.quote(req);
      for (const rate of quoted) expect(await subject.rates.find(rate.id, req)).toEqual(rate);
    }
  });

  it("finds no rate for an unknown id", async () => {
    const req = request(DESTINATIONS.domestic);
    expect(await subject.rates.find("0123456789abcdef0123456789abcdef", req)).toBeNull();
    expect(await subject.rates.find("table:domestic:teleport:100:eur", req)).toBeNull();
    expect(await subject.rates.find("../../shipments", req)).toBeNull();
  });

  it("finds no rate quoted in another currency than the one asked", async () => {
    const [eur] = await subject.rates.quote(request(DESTINATIONS.world, "eur"));
    expect(await subject.rates.find(eur!.id, request(DESTINATIONS.world, "usd"))).toBeNull();
  });

  it("finds no rate quoted for another destination or another weight: the buyer cannot pay a cheaper parcel's rate", async () => {
    const [domestic] = await subject.rates.quote(request(DESTINATIONS.domestic, "eur", 50));
    expect(await subject.rates.find(domestic!.id, request(DESTINATIONS.world, "eur", 50))).toBeNull();
    expect(await subject.rates.find(domestic!.id, request(DESTINATIONS.domestic, "eur", 1800))).toBeNull();
  });

  it("refuses a weight that is not a whole positive number of grams", async () => {
    await expect(subject.rates.quote(request(DESTINATIONS.eu, "eur", 0))).rejects.toThrow(/weightGrams/);
    await expect(subject.rates.quote(request(DESTINATIONS.eu, "eur", 12.5))).rejects.toThrow(/weightGrams/);
  });
});

describe("table rates", () => {
  const table = createShippingRates({ kind: "table", fromCountry: "ES", table: DEFAULT_RATE_TABLE });
  const zonesOf = async (rates: ShippingRates, to: Address) => new Set((await rates.quote(request(to))).map((r) => r.id.split(":")[1]));

  it("puts Spain in the domestic zone, France in the EU zone and the United States in the world zone", async () => {
    expect(await zonesOf(table, DESTINATIONS.domestic)).toEqual(new Set(["domestic"]));
    expect(await zonesOf(table, DESTINATIONS.eu)).toEqual(new Set(["eu"]));
    expect(await zonesOf(table, DESTINATIONS.world)).toEqual(new Set(["world"]));
  });

  it("sees zones from the shop's country", async () => {
    const fromFrance = createShippingRates({ kind: "table", fromCountry: "FR", table: DEFAULT_RATE_TABLE });
    expect(await zonesOf(fromFrance, DESTINATIONS.eu)).toEqual(new Set(["domestic"]));
    expect(await zonesOf(fromFrance, DESTINATIONS.domestic)).toEqual(new Set(["eu"]));
  });

  it("prices a parcel from the bracket that holds its weight, with deterministic ids and the service's token", async () => {
    const quoted = await table.quote(request(DESTINATIONS.eu, "usd", 100));
    expect(quoted).toEqual([
      {
        id: "table:eu:letter:100:usd",
        carrier: "Correos",
        service: "Letter",
        service_code: "letter",
        amount: { amount: 280, currency: "usd" },
        estimated_days: 6,
      },
      {
        id: "table:eu:tracked:100:usd",
        carrier: "Correos",
        service: "Tracked letter",
        service_code: "tracked",
        amount: { amount: 940, currency: "usd" },
        estimated_days: 5,
      },
    ]);
    expect((await table.quote(request(DESTINATIONS.eu, "usd", 101))).map((r) => r.id)).toEqual([
      "table:eu:letter:500:usd",
      "table:eu:tracked:500:usd",
    ]);
  });

  it("leaves out only the services a parcel is too heavy for", async () => {
    const custom = createShippingRates({
      kind: "table",
      fromCountry: "ES",
      table: {
        ...DEFAULT_RATE_TABLE,
        zones: {
          ...DEFAULT_RATE_TABLE.zones,
          domestic: [
            { service: "small", name: "Small", estimated_days: null, brackets: [{ up_to_grams: 100, price: { eur: 100, usd: 110 } }] },
            { service: "big", name: "Big", estimated_days: 2, brackets: [{ up_to_grams: 5000, price: { eur: 900, usd: 990 } }] },
          ],
        },
      },
    });
    expect((await custom.quote(request(DESTINATIONS.domestic, "eur", 100))).map((r) => r.service)).toEqual(["Small", "Big"]);
    expect((await custom.quote(request(DESTINATIONS.domestic, "eur", 101))).map((r) => r.service)).toEqual(["Big"]);
  });
});

describe("Shippo rates", () => {
  let fake: FakeShippo;
  let rates: ShippingRates;
  beforeAll(async () => {
    fake = await startFakeShippo({ apiKey: "shippo_test_contract" });
    rates = createShippingRates({ kind: "shippo", apiKey: fake.apiKey, apiUrl: fake.url, from: SHOP });
  });
  beforeEach(() => {
    fake.failWith(null);
    fake.requests.length = 0;
  });
  afterAll(() => fake.stop());

  it("sends its key as `ShippoToken <key>` and a synchronous shipment of one envelope from the shop to the buyer", async () => {
    await rates.quote(request(DESTINATIONS.world, "usd", 320));
    const [call] = fake.calls("POST", "/shipments");
    expect(call!.authorization).toBe("ShippoToken shippo_test_contract");
    expect(call!.body).toMatchObject({
      async: false,
      address_from: { street1: "Carrer de Pelai 9", city: "Barcelona", zip: "08001", country: "ES", phone: "+34 600 000 000" },
      address_to: { street1: "1 Main St", street2: "Apt 2", city: "Springfield", state: "IL", zip: "62701", country: "US" },
      parcels: [{ mass_unit: "g", weight: "320", distance_unit: "cm", length: "23", width: "16", height: "1" }],
    });
    // Empty optional fields are left out rather than sent as "".
    expect(call!.body!.address_from).not.toHaveProperty("street2");
  });

  it("maps Shippo's rates: object id, provider, service level name, estimated days, and the decimal amount exactly", async () => {
    const quoted = await rates.quote(request(DESTINATIONS.domestic, "eur", 250));
    // The fake prices domestic parcels at 3.00 plus 0.25 per started 100 g; DHL at three times Correos.
    expect(quoted.map(({ id: _, ...r }) => r)).toEqual([
      { carrier: "Correos", service: "Paq Ligero", service_code: null, amount: { amount: 375, currency: "eur" }, estimated_days: 3 },
      {
        carrier: "DHL Express",
        service: "Express Worldwide",
        service_code: null,
        amount: { amount: 1125, currency: "eur" },
        estimated_days: 1,
      },
    ]);
    expect(quoted[0]!.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("reads Shippo's decimal amounts into minor units exactly, and refuses what is not a plain amount", () => {
    expect(parseMinor("0.29")).toBe(29);
    expect(parseMinor("5.5")).toBe(550);
    expect(parseMinor("12")).toBe(1200);
    expect(parseMinor("1.010")).toBe(101);
    for (const bad of ["1.005", "-1.00", "1e3", "", "1,50", "NaN"]) expect(parseMinor(bad)).toBeNull();
  });

  it("leaves out the rates Shippo gives in other currencies instead of converting them", async () => {
    const quoted = await rates.quote(request(DESTINATIONS.eu, "usd"));
    expect(quoted).toHaveLength(2);
    expect(quoted.every((r) => r.amount.currency === "usd")).toBe(true);
  });

  it("rejects with a clear error when Shippo refuses the key", async () => {
    const wrongKey = createShippingRates({ kind: "shippo", apiKey: "shippo_test_wrong", apiUrl: fake.url, from: SHOP });
    const failure = wrongKey.quote(request(DESTINATIONS.eu));
    await expect(failure).rejects.toThrow(/^Shippo shipment creation failed with HTTP 401: Invalid token\.$/);
    await expect(failure).rejects.not.toThrow(/shippo_test_wrong/);
  });

  it("rejects with a clear error when Shippo fails, for a quote and for a lookup", async () => {
    const [rate] = await rates.quote(request(DESTINATIONS.eu));
    fake.failWith(500);
    await expect(rates.quote(request(DESTINATIONS.eu))).rejects.toThrow(/^Shippo shipment creation failed with HTTP 500/);
    await expect(rates.find(rate!.id, request(DESTINATIONS.eu))).rejects.toThrow(/^Shippo rate lookup failed with HTTP 500/);
  });

  it("rejects with a clear error when Shippo cannot be reached", async () => {
    const down = createShippingRates({ kind: "shippo", apiKey: "k", apiUrl: "http://127.0.0.1:9", from: SHOP });
    await expect(down.quote(request(DESTINATIONS.eu))).rejects.toThrow(/^Shippo shipment creation failed: /);
  });

  it("looks a rate up by id and its shipment, without creating another shipment", async () => {
    const req = request(DESTINATIONS.eu);
    const [rate] = await rates.quote(req);
    fake.requests.length = 0;
    expect(await rates.find(rate!.id, req)).toEqual(rate);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /rates/${rate!.id}`,
      expect.stringMatching(/^GET \/shipments\/[0-9a-f]{32}$/),
    ]);
  });
});
