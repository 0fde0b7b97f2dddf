import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { type FakeShippo, startFakeShippo } from "./fake-shippo.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

/**
 * Issue 25: the shop's edges that need the carrier's side: a carrier that cannot be reached, and a shipment that
 * changes while its checkout asks the carrier whether the chosen rate is still offered. A server of its own, quoting
 * through the Shippo adapter against the fake of Shippo's API.
 */
describe.each(DATABASES)("the shop while the carrier is asked, on %s", (kind) => {
  let s: TestServer;
  let shippo: FakeShippo;
  beforeAll(async () => {
    shippo = await startFakeShippo();
    s = await startServer(kind, {
      SECRET_KEY: "shop-edges-secret-0123456789abcdef01",
      SHIPPO_API_KEY: shippo.apiKey,
      SHIPPO_API_URL: shippo.url,
      SHIPPO_FROM_ADDRESS: JSON.stringify({ line1: "Carrer de Pau Claris 1", city: "Barcelona", postal_code: "08010", country: "ES" }),
    });
  });
  afterEach(() => {
    shippo.failWith(null);
    shippo.beforeAnswer(null);
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await s?.close();
    await shippo?.stop();
  });

  const shipmentOf = async (token: string, id: string) => (await s.api(`/api/shipping/${id}`, { token })).body;
  /** A buyer's unpaid shipment of one pack of 24, with the carrier's rates. */
  const unpaid = async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const { body: ship, status } = await s.api("/api/shipping", {
      method: "POST",
      token: me.token,
      body: { items: [{ item_id: "pack-24", quantity: 1 }], currency: "eur" },
    });
    expect(status).toBe(201);
    expect(ship.rates.length).toBeGreaterThan(0);
    return { ...me, ship };
  };
  /** Runs `change` once, when the carrier is next asked about a rate (the checkout's re-check of the buyer's choice). */
  const whileRateIsChecked = (change: () => Promise<unknown>) =>
    shippo.beforeAnswer(async (request) => {
      if (!request.path.startsWith("/rates/")) return;
      shippo.beforeAnswer(null);
      await change();
    });

  it("shows a shipment with no rates while the carrier cannot be reached, and refuses its checkout saying so", async () => {
    const { token, ship } = await unpaid();
    const warn = vi.spyOn(s.latent.app.log, "warn");
    shippo.failWith(500);
    const shown = await s.api(`/api/shipping/${ship.id}`, { token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: "created", rates: [], total: null });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ shipment: ship.id, rates: "shippo" }), "shipping rates unavailable");

    const refused = await shipmentCheckout(s, token, ship, ship.rates[0].id);
    expect([refused.status, refused.body.error]).toEqual([502, "shipping-rates-unavailable"]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ shipment: ship.id, rates: "shippo" }), "shipping rate check failed");
    shippo.failWith(null);
    expect((await shipmentOf(token, ship.id)).total).toBeNull();
  });

  it("refuses a checkout whose bag changed in another tab while its rate was checked", async () => {
    const { token, ship } = await unpaid();
    whileRateIsChecked(async () => {
      const grown = await s.api(`/api/shipping/${ship.id}`, {
        method: "PUT",
        token,
        body: { items: [{ item_id: "pack-24", quantity: 2 }], currency: "eur" },
      });
      expect(grown.status).toBe(200);
    });
    const refused = await shipmentCheckout(s, token, ship, ship.rates[0].id);
    expect([refused.status, refused.body.error]).toEqual([400, "bag-changed"]);
    expect(await shipmentOf(token, ship.id)).toMatchObject({ items: [{ quantity: 2 }], rate: null, total: null });
  });

  it("refuses a checkout of a shipment cancelled, or deleted, while its rate was checked", async () => {
    const { token, ship } = await unpaid();
    whileRateIsChecked(() => runAdminCommand(s.latent, ["ship", "--shipment", ship.id, "--status", "cancelled"]));
    const cancelled = await shipmentCheckout(s, token, ship, ship.rates[0].id);
    expect([cancelled.status, cancelled.body.error]).toEqual([409, "shipment-already-paid"]);
    expect(await shipmentOf(token, ship.id)).toMatchObject({ status: "cancelled", rate: null, total: null });

    const other = await unpaid();
    whileRateIsChecked(() => s.latent.db.deleteFrom("shipments").where("id", "=", other.ship.id).execute());
    const deleted = await shipmentCheckout(s, other.token, other.ship, other.ship.rates[0].id);
    expect([deleted.status, deleted.body.error]).toEqual([409, "shipment-already-paid"]);
  });
});
