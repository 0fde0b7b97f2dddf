import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { zoneOf } from "../src/platform/shipping/table-rates.ts";

/** One API call the fake received: method, path, JSON body (null without one) and the Authorization header. */
export interface FakeShippoRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

export interface FakeShippo {
  /** The API's address, for SHIPPO_API_URL (the SDK's `serverURL`). */
  url: string;
  /** The only key the fake accepts, as `Authorization: ShippoToken <key>`; any other gets Shippo's 401. */
  apiKey: string;
  requests: FakeShippoRequest[];
  /** The calls to one method and path prefix (`POST /shipments`). */
  calls(method: string, pathPrefix: string): FakeShippoRequest[];
  /** Answers every following call with this status and Shippo's error body, until called with null. */
  failWith(status: number | null): void;
  /** Runs before each following call is answered (the world changing while the carrier is asked), until called with null. */
  beforeAnswer(hook: ((request: FakeShippoRequest) => Promise<void>) | null): void;
  stop(): Promise<void>;
}

/** Heaviest parcel (grams) the fake's carriers take: a heavier shipment gets no rates and a message, as Shippo does. */
export const FAKE_SHIPPO_MAX_GRAMS = 2000;

type Json = Record<string, unknown>;

/** The fake's carriers; each rate is offered in EUR and USD (and GBP, which a EUR or USD buyer must never see). */
const SERVICES = [
  { provider: "DHL Express", name: "Express Worldwide", token: "dhl_express_worldwide", days: 1, factor: 3 },
  { provider: "Correos", name: "Paq Ligero", token: "correos_espana_paq_ligero", days: 3, factor: 1 },
] as const;
const ZONE_BASE_CENTS = { domestic: 300, eu: 900, world: 1500 } as const;
const CURRENCY_PERCENT = { EUR: 100, USD: 110, GBP: 86 } as const;

const objectId = () => randomBytes(16).toString("hex");
const now = () => new Date().toISOString();
// Shippo's decimal strings: "12.30", never a float.
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * A small fake of Shippo's REST API on 127.0.0.1, enough for the Shippo adapter: POST /shipments (synchronous,
 * with rates priced by zone and weight), GET /rates/{id} and GET /shipments/{id}. It answers Shippo's wire shapes
 * (snake_case, decimal strings, ISO dates) so the real SDK's response validation passes, checks the API key, and
 * records every request.
 */
export async function startFakeShippo(options: { apiKey?: string } = {}): Promise<FakeShippo> {
  const apiKey = options.apiKey ?? "shippo_test_fake";
  const requests: FakeShippoRequest[] = [];
  const shipments = new Map<string, Json>();
  const rates = new Map<string, Json>();
  let failing: number | null = null;
  let hook: ((request: FakeShippoRequest) => Promise<void>) | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  function address(input: Json): Json {
    return { ...input, is_complete: true, object_id: objectId(), object_created: now(), object_updated: now(), test: true };
  }

  function createShipment(body: Json): Json {
    const from = body.address_from as Json;
    const to = body.address_to as Json;
    const parcels = body.parcels as Json[];
    const grams = parcels.reduce((sum, p) => sum + Number(p.weight), 0);
    const id = objectId();
    const zone = zoneOf(String(to.country), String(from.country));
    const heavy = grams > FAKE_SHIPPO_MAX_GRAMS;
    const shipmentRates = heavy
      ? []
      : SERVICES.flatMap((s) =>
          (Object.keys(CURRENCY_PERCENT) as (keyof typeof CURRENCY_PERCENT)[]).map((currency) => {
            const eurCents = (ZONE_BASE_CENTS[zone] + Math.ceil(grams / 100) * 25) * s.factor;
            const amount = decimal(Math.round((eurCents * CURRENCY_PERCENT[currency]) / 100));
            const rate: Json = {
              object_id: objectId(),
              object_owner: "shop@example.com",
              object_created: now(),
              shipment: id,
              attributes: [],
              amount,
              currency,
              amount_local: amount,
              currency_local: currency,
              provider: s.provider,
              provider_image_75: `https://shippo-static.s3.amazonaws.com/providers/75/${s.token}.png`,
              servicelevel: { name: s.name, token: s.token, terms: "" },
              estimated_days: s.days,
              duration_terms: "",
              carrier_account: "b741b99f95e841639b54272834bc478c",
              zone: "1",
              messages: [],
              test: true,
            };
            rates.set(rate.object_id as string, rate);
            return rate;
          }),
        );
    const shipment: Json = {
      object_id: id,
      object_owner: "shop@example.com",
      object_created: now(),
      object_updated: now(),
      status: "SUCCESS",
      metadata: String(body.metadata ?? ""),
      address_from: address(from),
      address_to: address(to),
      parcels: parcels.map((p) => ({
        ...p,
        // Shippo echoes weights with four decimals.
        weight: Number(p.weight).toFixed(4),
        object_id: objectId(),
        object_state: "VALID",
        object_created: now(),
        object_updated: now(),
        test: true,
      })),
      carrier_accounts: [],
      messages: heavy ? [{ source: "Correos", code: "", text: "The parcel exceeds the maximum weight of every service." }] : [],
      rates: shipmentRates,
      test: true,
    };
    shipments.set(id, shipment);
    return shipment;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname.replace(/\/+$/, "");
    const method = req.method ?? "GET";
    const request = { method, path, body: text ? (JSON.parse(text) as Json) : null, authorization: req.headers.authorization };
    requests.push(request);
    await hook?.(request);

    if (req.headers.authorization !== `ShippoToken ${apiKey}`) return send(res, 401, { detail: "Invalid token." });
    if (failing !== null) return send(res, failing, { detail: "The fake was told to fail." });
    if (method === "POST" && path === "/shipments") {
      const body = JSON.parse(text) as Json;
      if (!body.address_from || !body.address_to || !Array.isArray(body.parcels) || body.parcels.length === 0) {
        return send(res, 400, { address_from: ["This field is required."] });
      }
      return send(res, 201, createShipment(body));
    }
    const match = /^\/(rates|shipments)\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const found = (match[1] === "rates" ? rates : shipments).get(decodeURIComponent(match[2]!));
      return found ? send(res, 200, found) : send(res, 404, { detail: "Not found." });
    }
    send(res, 404, { detail: "Not found." });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    calls: (method, pathPrefix) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    failWith: (status) => {
      failing = status;
    },
    beforeAnswer: (next) => {
      hook = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
