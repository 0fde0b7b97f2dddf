import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGING_GRAMS } from "../src/features/shop/shop.service.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { ADDRESS, payOnSandboxPage, shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

/**
 * Issue 25: the shop rules' edges that shop.int.test.ts leaves open: the last pack that can be had and the first that
 * cannot, what a bag of several lines costs and weighs, and what an edit of an unpaid shipment takes from the profile.
 * A server of its own: these tests set the stock.
 */
interface Item {
  product_id: string;
  quantity: number;
  weight: number;
  size: number;
  price: { amount: number };
}

describe.each(DATABASES)("shop rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY: "shop-rules-secret-0123456789abcdef01" });
  });
  afterAll(async () => s?.close());

  const inventory = async (currency = "eur"): Promise<Item[]> =>
    (await s.api(`/api/purchases/inventory?currency=${currency}`, { token: (await shopBuyer(s, null)).token })).body;
  const left = async (productId: string) => (await inventory()).find((i) => i.product_id === productId)!.quantity;
  const shipment = (token: string, items: { item_id: string; quantity: number }[], currency = "eur") =>
    s.api("/api/shipping", { method: "POST", token, body: { items, currency } });

  it("shows a shipment whose stored status it does not know as UNKNOWN, spelt as spec §3 spells it", async () => {
    await s.latent.services.shop.restock("pack-24", 5);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.status).toBe("created");
    // A status written by an older or newer release than this one.
    await s.latent.db.updateTable("shipments").set({ status: "held-at-customs" }).where("id", "=", ship.id).execute();
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.status).toBe("UNKNOWN");
  });

  it("takes a bag of exactly the packs left and refuses one more, when shipping and when paying", async () => {
    await s.latent.services.shop.restock("pack-144", 2);
    const me = await shopBuyer(s);
    const tooMany = await shipment(me.token, [{ item_id: "pack-144", quantity: 3 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ error: "out-of-stock", message: "Not enough stock left of Sticker Pack 144: 2 left" });
    const { body: ship, status } = await shipment(me.token, [{ item_id: "pack-144", quantity: 2 }]);
    expect(status).toBe(201);
    const started = await shipmentCheckout(s, me.token, ship, ship.rates[0].id);
    expect(started.status).toBe(200);
    // The checkout holds both: nothing is left for another buyer, who is told so.
    expect(await left("pack-144")).toBe(0);
    const other = await shopBuyer(s);
    const none = await shipment(other.token, [{ item_id: "pack-144", quantity: 1 }]);
    expect(none.body).toMatchObject({ error: "out-of-stock", message: "Not enough stock left of Sticker Pack 144: 0 left" });
  });

  it("opens a checkout for exactly the packs left and refuses one that needs one more", async () => {
    await s.latent.services.shop.restock("pack-72", 3);
    const first = await shopBuyer(s);
    const second = await shopBuyer(s);
    const { body: mine } = await shipment(first.token, [{ item_id: "pack-72", quantity: 2 }]);
    const { body: theirs } = await shipment(second.token, [{ item_id: "pack-72", quantity: 2 }]);
    expect((await shipmentCheckout(s, first.token, mine, mine.rates[0].id)).status).toBe(200);
    const refused = await shipmentCheckout(s, second.token, theirs, theirs.rates[0].id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "out-of-stock", message: "Not enough stock left of Sticker Pack 72: 1 left" });
    // One fewer fits: the last pack left goes to a checkout that asks for exactly it.
    const { body: one } = await shipment(second.token, [{ item_id: "pack-72", quantity: 1 }]);
    expect((await shipmentCheckout(s, second.token, one, one.rates[0].id)).status).toBe(200);
    expect(await left("pack-72")).toBe(0);
  });

  it("shows no stock, never a negative one, when the operator lowers it below what checkouts hold", async () => {
    await s.latent.services.shop.restock("pack-24", 5);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 4 }]);
    expect((await shipmentCheckout(s, me.token, ship, ship.rates[0].id)).status).toBe(200);
    await s.latent.services.shop.restock("pack-24", 1);
    expect(await left("pack-24")).toBe(0);
  });

  it("prices a bag of several lines as the sum of its lines, and rates it by its packs' weight plus the envelope", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    await s.latent.services.shop.restock("pack-72", 50);
    const items = await inventory();
    const pack24 = items.find((i) => i.product_id === "pack-24")!;
    const pack72 = items.find((i) => i.product_id === "pack-72")!;
    const me = await shopBuyer(s);
    const { body: mixed } = await shipment(me.token, [
      { item_id: "pack-24", quantity: 2 },
      { item_id: "pack-72", quantity: 3 },
    ]);
    expect(mixed.subtotal).toEqual({ amount: 2 * pack24.price.amount + 3 * pack72.price.amount, currency: "eur" });

    // The embedded table's first bracket ends at 100 g: the heaviest bag inside it, and one pack more.
    const fitting = Math.floor((100 - PACKAGING_GRAMS) / pack24.weight);
    const bracketOf = async (quantity: number) => {
      const { body } = await shipment(me.token, [{ item_id: "pack-24", quantity }]);
      return new Set(body.rates.map((r: { id: string }) => r.id.split(":")[3]));
    };
    expect(await bracketOf(fitting)).toEqual(new Set(["100"]));
    expect(await bracketOf(fitting + 1)).toEqual(new Set(["500"]));
  });

  it("counts a paid bag's stickers over all its lines and packs", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    await s.latent.services.shop.restock("pack-72", 50);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [
      { item_id: "pack-24", quantity: 3 },
      { item_id: "pack-72", quantity: 1 },
    ]);
    const started = await shipmentCheckout(s, me.token, ship, ship.rates[0].id);
    expect((await payOnSandboxPage(s, started.body.url)).status).toBeLessThan(400);
    const paid = (await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body;
    expect(paid).toMatchObject({ status: "paid", sticker_count: 3 * 24 + 72 });
    expect((await s.api("/api/stickers", { token: me.token })).body).toHaveLength(3 * 24 + 72);
  });

  it("moves an unpaid shipment to the profile's current address and the asked currency, and asks for its rate again", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    expect((await shipmentCheckout(s, me.token, ship, ship.rates[0].id)).status).toBe(200);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.total).not.toBeNull();

    const paris = { ...ADDRESS, country: "FR", postal_code: "75011", city: "Paris" };
    expect((await s.api("/api/user", { method: "PUT", token: me.token, body: { shipping: paris } })).status).toBe(200);
    const pack24 = (await inventory("usd")).find((i) => i.product_id === "pack-24")!;
    const edited = await s.api(`/api/shipping/${ship.id}`, {
      method: "PUT",
      token: me.token,
      body: { items: [{ item_id: "pack-24", quantity: 2 }], currency: "usd" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      status: "created",
      address: { country: "FR", city: "Paris" },
      currency: "usd",
      subtotal: { amount: 2 * pack24.price.amount, currency: "usd" },
      items: [{ item_id: "pack-24", quantity: 2, unit_price: { amount: pack24.price.amount, currency: "usd" } }],
      rate: null,
      total: null,
    });
    expect(edited.body.rates.every((r: { id: string }) => r.id.startsWith("table:eu:") && r.id.endsWith(":usd"))).toBe(true);
  });
});
