import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
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
  /** What happens elsewhere while an edit of a shipment closes its checkouts (once, then it is cleared). */
  let duringEdit: (() => Promise<unknown>) | null = null;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY: "shop-rules-secret-0123456789abcdef01" });
    s.latent.services.shop.shipmentChanging.add(async () => {
      const happen = duringEdit;
      duringEdit = null;
      await happen?.();
    });
  });
  afterEach(() => {
    duringEdit = null;
    vi.restoreAllMocks();
  });
  afterAll(async () => s?.close());

  const inventory = async (currency = "eur"): Promise<Item[]> =>
    (await s.api(`/api/purchases/inventory?currency=${currency}`, { token: (await shopBuyer(s, null)).token })).body;
  const left = async (productId: string) => (await inventory()).find((i) => i.product_id === productId)!.quantity;
  const shipment = (token: string, items: { item_id: string; quantity: number }[], currency = "eur") =>
    s.api("/api/shipping", { method: "POST", token, body: { items, currency } });
  const edit = (token: string, id: string, items: { item_id: string; quantity: number }[]) =>
    s.api(`/api/shipping/${id}`, { method: "PUT", token, body: { items, currency: "eur" } });
  const shipmentOf = async (token: string, id: string) => (await s.api(`/api/shipping/${id}`, { token })).body;
  /** The provider's side of a checkout: what the sandbox holds about it. */
  const atProvider = async (sessionId: string) =>
    (await s.latent.db.selectFrom("payment_sandbox_objects").select("data").where("id", "=", sessionId).executeTakeFirstOrThrow()).data as {
      lines: { amount: number; quantity: number }[];
      amount_first: number;
      refunded?: boolean;
    };
  /** The packs in stock, held or not. */
  const stockOf = async (id: string) =>
    (await s.latent.db.selectFrom("inventory_items").select("quantity").where("id", "=", id).executeTakeFirstOrThrow()).quantity;
  /** A pack of six stickers of the test's own, with this stock and no checkout holding any. */
  const newPack = (id: string, quantity: number) =>
    s.latent.db
      .insertInto("inventory_items")
      .values({ id, product_id: id, name: id, description: "", quantity, weight: 5, size: 6, price_eur: 100, price_usd: 110 })
      .execute();
  /** A buyer's unpaid shipment of some packs with an open checkout at its first rate. */
  const openCheckout = async (items: { item_id: string; quantity: number }[]) => {
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, items);
    const started = await shipmentCheckout(s, me.token, ship, ship.rates[0].id);
    expect(started.status).toBe(200);
    return { ...me, ship, url: started.body.url as string, sessionId: started.body.session_id as string };
  };

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
  it("names the item it does not sell, when shipping a bag and when editing one", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const unknown = { error: "item-not-found", message: "No such item in the shop: pack-9" };
    const made = await shipment(me.token, [{ item_id: "pack-9", quantity: 1 }]);
    expect([made.status, made.body]).toEqual([400, unknown]);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const edited = await edit(me.token, ship.id, [{ item_id: "pack-9", quantity: 1 }]);
    expect([edited.status, edited.body]).toEqual([400, unknown]);
    expect((await shipmentOf(me.token, ship.id)).items).toMatchObject([{ item_id: "pack-24", quantity: 1 }]);
  });

  it("keeps the rate chosen at checkout as it was offered, and asks the provider for the packs and that rate", async () => {
    await s.latent.services.shop.restock("pack-72", 50);
    const { token, ship, sessionId } = await openCheckout([{ item_id: "pack-72", quantity: 2 }]);
    const chosen = ship.rates[0];
    expect(chosen.service_code).not.toBeNull();
    const priced = await shipmentOf(token, ship.id);
    expect(priced.rate).toEqual(chosen);
    expect(priced.total).toEqual({ amount: ship.subtotal.amount + chosen.amount.amount, currency: "eur" });
    const { lines, amount_first } = await atProvider(sessionId);
    expect(lines.map((l) => [l.amount, l.quantity])).toEqual([
      [ship.items[0].unit_price.amount, 2],
      [chosen.amount.amount, 1],
    ]);
    expect(amount_first).toBe(priced.total.amount);
  });

  it("opens no checkout for a bag that differs from the shipment by a line or by one line's quantity", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    await s.latent.services.shop.restock("pack-72", 50);
    const me = await shopBuyer(s);
    const { body: one } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const extraLine = { ...one, items: [...one.items, { item_id: "pack-72", quantity: 1 }] };
    expect((await shipmentCheckout(s, me.token, extraLine, one.rates[0].id)).body.error).toBe("bag-changed");
    const { body: two } = await shipment(me.token, [
      { item_id: "pack-24", quantity: 1 },
      { item_id: "pack-72", quantity: 1 },
    ]);
    const oneWrong = { ...two, items: [two.items[0], { item_id: "pack-72", quantity: 2 }] };
    expect((await shipmentCheckout(s, me.token, oneWrong, two.rates[0].id)).body.error).toBe("bag-changed");
    for (const ship of [one, two]) expect((await shipmentOf(me.token, ship.id)).total).toBeNull();
  });

  it("says a paid shipment is paid when asked to pay it again, whatever bag the request names", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const { token, ship, url } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    for (const items of [ship.items, [{ item_id: "pack-24", quantity: 3 }]]) {
      const again = await shipmentCheckout(s, token, { ...ship, items }, ship.rates[0].id);
      expect([again.status, again.body.error]).toEqual([409, "shipment-already-paid"]);
    }
  });

  it("refuses, as an unknown item, the checkout of a bag whose pack the shop no longer sells", async () => {
    await newPack("pack-gone", 5);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-gone", quantity: 1 }]);
    await s.latent.db.deleteFrom("inventory_items").where("id", "=", "pack-gone").execute();
    const refused = await shipmentCheckout(s, me.token, ship, ship.rates[0].id);
    expect([refused.status, refused.body.error]).toEqual([400, "item-not-found"]);
    expect((await shipmentOf(me.token, ship.id)).total).toBeNull();
  });

  it("pays a checkout that kept no record of what it priced as the shipment stands", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const { token, ship, url, sessionId } = await openCheckout([{ item_id: "pack-24", quantity: 2 }]);
    const priced = await shipmentOf(token, ship.id);
    // A checkout opened by a release before checkouts kept what they sold.
    await s.latent.db.updateTable("checkout_sessions").set({ sold: null }).where("id", "=", sessionId).execute();
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    expect(await shipmentOf(token, ship.id)).toMatchObject({
      status: "paid",
      items: [{ item_id: "pack-24", quantity: 2 }],
      rate: priced.rate,
      total: priced.total,
      sticker_count: 48,
    });
  });

  it("refunds, and leaves as it is, a shipment the operator cancelled while its checkout was open", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const before = await stockOf("pack-24");
    const { token, ship, url, sessionId } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    const whileHeld = await left("pack-24");
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", ship.id, "--status", "cancelled"])).code).toBe(0);
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    expect(await shipmentOf(token, ship.id)).toMatchObject({ status: "cancelled", paid_at: null, sticker_count: 0 });
    expect((await atProvider(sessionId)).refunded).toBe(true);
    expect((await s.api("/api/stickers", { token })).body).toHaveLength(0);
    expect(await stockOf("pack-24")).toBe(before);
    // The refunded checkout's hold is given back at once: its pack is on sale again, not after the hold lapses.
    expect(await left("pack-24")).toBe(whileHeld + 1);
  });

  it("refunds a payment whose checkout names another buyer than the shipment's, and marks nothing paid", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const { token, ship, url, sessionId } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    const other = await shopBuyer(s);
    const { body: theirs } = await shipment(other.token, [{ item_id: "pack-24", quantity: 1 }]);
    // The checkout's buyer and the shipment's owner disagree: the shipment now belongs to the other account.
    await s.latent.db.updateTable("shipments").set({ user_id: other.sub }).where("id", "=", ship.id).execute();
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    expect(await shipmentOf(other.token, ship.id)).toMatchObject({ status: "created", paid_at: null, sticker_count: 0 });
    expect((await atProvider(sessionId)).refunded).toBe(true);
    expect((await s.api("/api/stickers", { token })).body).toHaveLength(0);
    expect((await s.api("/api/stickers", { token: other.token })).body).toHaveLength(0);
    expect((await shipmentOf(other.token, theirs.id)).status).toBe("created");
  });

  it("refunds a payment for a shipment that no longer exists", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const before = await left("pack-24");
    const { token, ship, url, sessionId } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    await s.latent.db.deleteFrom("stock_holds").where("shipment_id", "=", ship.id).execute();
    await s.latent.db.deleteFrom("shipments").where("id", "=", ship.id).execute();
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    expect((await atProvider(sessionId)).refunded).toBe(true);
    expect((await s.api("/api/stickers", { token })).body).toHaveLength(0);
    expect(await left("pack-24")).toBe(before);
  });

  it("tells the operator when a payment takes more packs than the stock has, and only then", async () => {
    await newPack("pack-oversold", 10);
    const warn = vi.spyOn(s.latent.app.log, "warn");
    const info = vi.spyOn(s.latent.app.log, "info");
    const fine = await openCheckout([{ item_id: "pack-oversold", quantity: 2 }]);
    expect((await payOnSandboxPage(s, fine.url)).status).toBeLessThan(400);
    const oversold = (c: unknown[]) => String(c[1]).includes("oversold");
    expect(warn.mock.calls.filter(oversold)).toEqual([]);
    expect(info).toHaveBeenCalledWith({ shipment: fine.ship.id, session: fine.sessionId }, "shipment paid");

    const short = await openCheckout([{ item_id: "pack-oversold", quantity: 4 }]);
    await s.latent.services.shop.restock("pack-oversold", 1);
    expect((await payOnSandboxPage(s, short.url)).status).toBeLessThan(400);
    expect(warn.mock.calls.filter(oversold)).toEqual([
      [
        { shipment: short.ship.id, item: "pack-oversold", session: short.sessionId },
        "paid shipment oversold: stock was lower than its hold",
      ],
    ]);
    expect((await shipmentOf(short.token, short.ship.id)).status).toBe("paid");
  });

  it("refuses to edit a paid shipment as paid, even once the profile has no shipping address", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const { token, ship, url } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    expect((await s.api("/api/user", { method: "PUT", token, body: { shipping: null } })).status).toBe(200);
    const refused = await edit(token, ship.id, [{ item_id: "pack-24", quantity: 2 }]);
    expect([refused.status, refused.body.error]).toEqual([409, "shipment-not-editable"]);
  });

  it("refuses an edit as paid when the payment lands while the edit is checked, though its packs are gone", async () => {
    await newPack("pack-last", 1);
    const { token, ship, url } = await openCheckout([{ item_id: "pack-last", quantity: 1 }]);
    const users = s.latent.services.users;
    const get = users.get.bind(users);
    let payment: (() => Promise<unknown>) | null = () => payOnSandboxPage(s, url);
    vi.spyOn(users, "get").mockImplementation(async (...args) => {
      const pay = payment;
      payment = null;
      await pay?.();
      return get(...args);
    });
    const refused = await edit(token, ship.id, [{ item_id: "pack-last", quantity: 1 }]);
    expect(payment).toBeNull();
    expect([refused.status, refused.body.error]).toEqual([409, "shipment-not-editable"]);
    expect((await shipmentOf(token, ship.id)).status).toBe("paid");
  });

  it("refuses an edit of a shipment the operator cancels, or that is deleted, while its checkouts close", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    duringEdit = () => runAdminCommand(s.latent, ["ship", "--shipment", ship.id, "--status", "cancelled"]);
    const cancelled = await edit(me.token, ship.id, [{ item_id: "pack-24", quantity: 2 }]);
    expect([cancelled.status, cancelled.body.error]).toEqual([409, "shipment-not-editable"]);
    expect(await shipmentOf(me.token, ship.id)).toMatchObject({ status: "cancelled", items: [{ quantity: 1 }] });

    const { body: gone } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    duringEdit = () => s.latent.db.deleteFrom("shipments").where("id", "=", gone.id).execute();
    const deleted = await edit(me.token, gone.id, [{ item_id: "pack-24", quantity: 2 }]);
    expect([deleted.status, deleted.body.error]).toEqual([409, "shipment-not-editable"]);
  });

  it("refuses an edit while a checkout opened as the earlier one closed holds the old bag", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const { token, ship } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    let reopened: { status: number } | null = null;
    duringEdit = async () => {
      reopened = await shipmentCheckout(s, token, ship, ship.rates[0].id);
    };
    const refused = await edit(token, ship.id, [{ item_id: "pack-24", quantity: 2 }]);
    expect(reopened).toMatchObject({ status: 200 });
    expect([refused.status, refused.body.error]).toEqual([409, "shipment-checkout-open"]);
    expect((await shipmentOf(token, ship.id)).items).toMatchObject([{ item_id: "pack-24", quantity: 1 }]);
  });

  it("stamps a shipment shipped only when the operator ships it, and never stamps it paid", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", ship.id, "--status", "cancelled"])).code).toBe(0);
    expect(await shipmentOf(me.token, ship.id)).toMatchObject({ status: "cancelled", paid_at: null, shipped_at: null, sticker_count: 0 });

    const { token, ship: paid, url } = await openCheckout([{ item_id: "pack-24", quantity: 1 }]);
    expect((await payOnSandboxPage(s, url)).status).toBeLessThan(400);
    const paidAt = (await shipmentOf(token, paid.id)).paid_at;
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", paid.id, "--status", "packed"])).code).toBe(0);
    expect(await shipmentOf(token, paid.id)).toMatchObject({ status: "packed", paid_at: paidAt, shipped_at: null });
    const shipped = ["ship", "--shipment", paid.id, "--status", "shipped", "--tracking", "PK1"];
    expect((await runAdminCommand(s.latent, shipped)).code).toBe(0);
    expect((await shipmentOf(token, paid.id)).shipped_at).not.toBeNull();
  });

  it("stamps the day paid when the operator records a payment made outside the checkout (a bank transfer)", async () => {
    await s.latent.services.shop.restock("pack-24", 50);
    const me = await shopBuyer(s);
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    expect((await shipmentOf(me.token, ship.id)).paid_at).toBeNull();
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", ship.id, "--status", "paid"])).code).toBe(0);
    const marked = await shipmentOf(me.token, ship.id);
    expect(marked.status).toBe("paid");
    expect(marked.paid_at).not.toBeNull();
  });
});
