import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { PAYMENT_CHECKOUT_MINUTES } from "../src/features/purchases/purchases.service.ts";
import { sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { signWebhook } from "../src/platform/payments/webhook-signature.ts";
import { roll } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { ADDRESS, payOnSandboxPage, shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

const run = promisify(execFile);
const SECRET_KEY = "shop-test-secret-0123456789abcdef0123";

describe.each(DATABASES)("the sticker shop on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY });
  });
  afterAll(async () => s?.close());

  const buyer = (address: object | null = ADDRESS) => shopBuyer(s, address);
  const inventory = async (token: string, currency = "eur") =>
    (await s.api(`/api/purchases/inventory?currency=${currency}`, { token })).body;
  const shipment = (token: string, items: object[], currency = "eur") =>
    s.api("/api/shipping", { method: "POST", token, body: { items, currency } });
  const checkout = (token: string, ship: { id: string; items: { item_id: string; quantity: number }[] }, rate: string) =>
    shipmentCheckout(s, token, ship, rate);
  const pay = (url: string) => payOnSandboxPage(s, url);
  const stock = async (productId: string) =>
    (await inventory((await buyer(null)).token)).find((i: { product_id: string }) => i.product_id === productId).quantity;
  /** Posts a checkout event as the provider signs it. */
  const deliver = (type: string, sessionId: string, paymentStatus = "paid") => {
    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: sessionId, object: "checkout.session", mode: "payment", payment_status: paymentStatus } },
    };
    const body = JSON.stringify(event);
    return s.api("/api/purchases/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signWebhook(body, sandboxWebhookSecret(SECRET_KEY), event.created),
      },
      body: event,
    });
  };
  /** The provider's side of a checkout: what the sandbox holds about it. */
  const atProvider = async (sessionId: string) =>
    (await s.latent.db.selectFrom("payment_sandbox_objects").select("data").where("id", "=", sessionId).executeTakeFirstOrThrow()).data as {
      status: string;
      refunded?: boolean;
    };
  /** The provider moved a checkout on by itself (a payment under way, taken): the race a test cannot time. */
  const setAtProvider = (sessionId: string, status: string) =>
    s.latent.db
      .updateTable("payment_sandbox_objects")
      .set({ data: sql`jsonb_set(data, '{status}', to_jsonb(${status}::text))` })
      .where("id", "=", sessionId)
      .execute();
  const stickersOf = async (token: string) => (await s.api("/api/stickers", { token })).body as unknown[];
  const edit = (token: string, id: string, items: object[]) =>
    s.api(`/api/shipping/${id}`, { method: "PUT", token, body: { items, currency: "eur" } });

  /** A paid pack of 24 stickers for a new buyer. */
  const paidPack = async () => {
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const started = await checkout(me.token, ship, ship.rates[0].id);
    expect(started.status).toBe(200);
    expect((await pay(started.body.url)).status).toBeLessThan(400);
    return { ...me, shipmentId: ship.id as string };
  };

  it("lists the packs with their size, weight, stock and price in the asked currency, names as stored", async () => {
    const { token } = await buyer();
    const eur = await inventory(token);
    expect(eur.map((i: { product_id: string }) => i.product_id)).toEqual(["pack-24", "pack-72", "pack-144"]);
    expect(eur[0]).toMatchObject({ id: "pack-24", name: "Sticker-Pack-24", size: 24, weight: 10, price: { amount: 499, currency: "eur" } });
    expect(eur[0].quantity).toBeGreaterThan(0);
    expect((await inventory(token, "usd"))[0].price).toEqual({ amount: 549, currency: "usd" });
    expect((await s.api("/api/purchases/inventory?currency=gbp", { token })).status).toBe(400);
  });

  it("refuses a shipment without a shipping address with the spec's text, and makes one with rates once there is", async () => {
    const { token } = await buyer(null);
    const refused = await shipment(token, [{ item_id: "pack-24", quantity: 2 }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "no-shipping-address", message: "User does not have a shipping address assigned" });
    expect((await s.api("/api/shipping", { token })).body).toEqual([]);

    await s.api("/api/user", {
      method: "PUT",
      token,
      body: { shipping: { ...ADDRESS, country: "FR", postal_code: "75011", city: "Paris" } },
    });
    const made = await shipment(token, [{ item_id: "pack-24", quantity: 2 }]);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: "created",
      items: [{ item_id: "pack-24", quantity: 2, size: 24, unit_price: { amount: 499, currency: "eur" } }],
      subtotal: { amount: 998, currency: "eur" },
      address: { country: "FR", city: "Paris" },
      sticker_count: 0,
      total: null,
    });
    // France is in the EU zone of the embedded rate table: every rate in euros, cheapest first.
    const amounts = made.body.rates.map((r: { amount: { amount: number; currency: string } }) => r.amount.amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(made.body.rates.every((r: { id: string }) => r.id.startsWith("table:eu:"))).toBe(true);
    expect((await s.api(`/api/shipping/${made.body.id}`, { token })).body.id).toBe(made.body.id);
    expect((await s.api("/api/shipping", { token })).body.map((x: { id: string }) => x.id)).toEqual([made.body.id]);
  });

  it("answers bad bags, foreign shipments and rates not offered with a 4xx and changes nothing", async () => {
    const me = await buyer();
    const other = await buyer();
    const bad = async (res: Promise<{ status: number; body: { error: string } }>, status: number, error: string) => {
      const r = await res;
      expect(r.status).toBe(status);
      expect(r.body.error).toBe(error);
    };
    await bad(shipment(me.token, [{ item_id: "no-such-pack", quantity: 1 }]), 400, "item-not-found");
    await bad(shipment(me.token, [{ item_id: "pack-24", quantity: 0 }]), 400, "bad-request");
    await bad(shipment(me.token, [{ item_id: "pack-24", quantity: -3 }]), 400, "bad-request");
    await bad(shipment(me.token, []), 400, "bad-request");
    await s.latent.services.shop.restock("pack-144", 2);
    await bad(shipment(me.token, [{ item_id: "pack-144", quantity: 3 }]), 409, "out-of-stock");

    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const foreign = await s.api(`/api/shipping/${ship.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "shipment-not-found", message: "Shipment not found" });
    await bad(s.api("/api/shipping/not-a-uuid", { token: me.token }), 404, "shipment-not-found");
    await bad(
      s.api(`/api/shipping/${ship.id}`, { method: "PUT", token: other.token, body: { items: [{ item_id: "pack-72", quantity: 1 }] } }),
      404,
      "shipment-not-found",
    );
    await bad(checkout(other.token, ship, ship.rates[0].id), 404, "shipment-not-found");
    await bad(checkout(me.token, ship, "table:world:tracked:100:eur"), 400, "rate-not-offered");
    await bad(checkout(me.token, ship, "made-up"), 400, "rate-not-offered");
    await bad(checkout(me.token, { ...ship, items: [{ item_id: "pack-24", quantity: 2 }] }, ship.rates[0].id), 400, "bag-changed");
    await bad(
      s.api("/api/purchases/checkout", { method: "POST", token: me.token, body: { mode: "payment", items: [{ price_id: "pack-24" }] } }),
      400,
      "bad-request",
    );
    const after = (await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body;
    expect(after).toMatchObject({ status: "created", items: [{ item_id: "pack-24", quantity: 1 }], total: null });
  });

  it("sells a pack: payment takes it from stock, makes its stickers and a printable sheet, and the shipment is paid", async () => {
    const before = await stock("pack-24");
    const me = await paidPack();
    expect(await stock("pack-24")).toBe(before - 1);
    const paid = (await s.api(`/api/shipping/${me.shipmentId}`, { token: me.token })).body;
    expect(paid).toMatchObject({ status: "paid", sticker_count: 24, rates: [] });
    expect(paid.total.amount).toBe(499 + paid.rate.amount.amount);
    // Paid shipments no longer change.
    const edit = await s.api(`/api/shipping/${me.shipmentId}`, {
      method: "PUT",
      token: me.token,
      body: { items: [{ item_id: "pack-72", quantity: 1 }] },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe("shipment-not-editable");

    const stickers = (await s.api("/api/stickers", { token: me.token })).body;
    expect(stickers).toHaveLength(24);
    expect(new Set(stickers.map((x: { sticker_hash: string }) => x.sticker_hash)).size).toBe(24);
    for (const sticker of stickers) {
      expect(sticker.sticker_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(sticker.short_id).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
      expect(sticker).toMatchObject({ film_id: null, shipment_id: me.shipmentId });
    }

    const sheet = await fetch(`${s.base}/api/stickers/sheet?shipment_id=${me.shipmentId}&paper=letter`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    expect(sheet.headers.get("content-disposition")).toContain("-letter.pdf");
    const dir = await mkdtemp(join(tmpdir(), "shop-sheet-"));
    try {
      await writeFile(join(dir, "sheet.pdf"), Buffer.from(await sheet.arrayBuffer()));
      const { stdout } = await run("pdftotext", ["-layout", join(dir, "sheet.pdf"), "-"]);
      for (const sticker of stickers) expect(stdout).toContain(sticker.short_id);
      const { stdout: info } = await run("pdfinfo", [join(dir, "sheet.pdf")]);
      expect(info).toMatch(/Pages:\s+1\b/); // 24 stickers fit one Avery 5160 sheet of 30
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const other = await buyer();
    const foreign = await s.api(`/api/stickers/sheet?shipment_id=${me.shipmentId}`, { token: other.token });
    expect(foreign.status).toBe(404);
    const { body: unpaid } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const early = await s.api(`/api/stickers/sheet?shipment_id=${unpaid.id}`, { token: me.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("stickers-not-ready");
  });

  it("lets the operator ship a paid parcel with its tracking number and set a pack's stock", async () => {
    const me = await paidPack();
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", me.shipmentId, "--status", "shipped"])).code).toBe(2);
    const shipped = await runAdminCommand(s.latent, [
      "ship",
      "--shipment",
      me.shipmentId,
      "--status",
      "shipped",
      "--tracking",
      "PK123456789ES",
    ]);
    expect(shipped.code).toBe(0);
    const parcel = (await s.api(`/api/shipping/${me.shipmentId}`, { token: me.token })).body;
    expect(parcel).toMatchObject({ status: "shipped", tracking_number: "PK123456789ES" });
    expect(parcel.shipped_at).not.toBeNull();
    expect((await runAdminCommand(s.latent, ["ship", "--shipment", randomUUID(), "--status", "packed"])).code).toBe(1);

    expect((await runAdminCommand(s.latent, ["stock", "--product", "pack-72", "--quantity", "40"])).code).toBe(0);
    expect(await stock("pack-72")).toBe(40);
    expect((await runAdminCommand(s.latent, ["stock", "--product", "pack-9", "--quantity", "4"])).code).toBe(1);
    expect((await runAdminCommand(s.latent, ["stock", "--product", "pack-72", "--quantity", "-4"])).code).toBe(2);
  });

  it("applies a payment event once however often it is delivered", async () => {
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-72", quantity: 2 }]);
    const started = await checkout(me.token, ship, ship.rates[0].id);
    const before = await stock("pack-72");
    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: started.body.session_id, object: "checkout.session", mode: "payment", payment_status: "paid" } },
    };
    const body = JSON.stringify(event);
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.api("/api/purchases/webhook", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "stripe-signature": signWebhook(body, sandboxWebhookSecret(SECRET_KEY), event.created),
          },
          body: event,
        }),
      ),
    );
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));
    // The hold is what was counted as taken: paying turns it into a sale, once.
    expect(await stock("pack-72")).toBe(before);
    expect((await s.api("/api/stickers", { token: me.token })).body).toHaveLength(144);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.status).toBe("paid");
  });

  it("sells the last five packs to exactly five of twenty buyers paying at once, and an expired checkout gives its pack back", async () => {
    await s.latent.services.shop.restock("pack-144", 5);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const ships = await Promise.all(buyers.map(async (b) => (await shipment(b.token, [{ item_id: "pack-144", quantity: 1 }])).body));
    expect(ships.every((x) => x.status === "created")).toBe(true);
    const started = await Promise.all(ships.map((x, i) => checkout(buyers[i]!.token, x, x.rates[0].id)));
    const ok = started.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    expect(started.filter((r) => r.status === 409).every((r) => r.body.error === "out-of-stock")).toBe(true);
    expect(started.filter((r) => r.status !== 200)).toHaveLength(15);
    expect(await stock("pack-144")).toBe(0);

    // One checkout expires unpaid (the provider's event): its pack can be bought again.
    const lapsed = ok[0]!.body.session_id;
    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.expired",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: lapsed, object: "checkout.session", mode: "payment", payment_status: "unpaid" } },
    };
    const body = JSON.stringify(event);
    const expired = await s.api("/api/purchases/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signWebhook(body, sandboxWebhookSecret(SECRET_KEY), event.created),
      },
      body: event,
    });
    expect(expired.status).toBe(200);
    expect(await stock("pack-144")).toBe(1);

    for (const res of ok.slice(1)) expect((await pay(res.body.url)).status).toBeLessThan(400);
    expect(await stock("pack-144")).toBe(1);
    const paid = await Promise.all(
      ships.map(async (x, i) => (await s.api(`/api/shipping/${x.id}`, { token: buyers[i]!.token })).body.status),
    );
    expect(paid.filter((status) => status === "paid")).toHaveLength(4);
  });

  it("delivers what a checkout priced: growing the bag closes its checkout, and a payment of it that got through brings one pack", async () => {
    await s.latent.services.shop.restock("pack-144", 100);
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-144", quantity: 1 }]);
    const started = await checkout(me.token, ship, ship.rates[0].id);
    expect(started.status).toBe(200);
    const priced = (await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.total.amount;

    const paris = { ...ADDRESS, city: "Paris", postal_code: "75011", country: "FR" };
    expect((await s.api("/api/user", { method: "PUT", token: me.token, body: { shipping: paris } })).status).toBe(200);
    const grown = await edit(me.token, ship.id, [{ item_id: "pack-144", quantity: 20 }]);
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({ items: [{ item_id: "pack-144", quantity: 20 }], address: { city: "Paris" }, total: null });
    // The checkout priced one pack: it no longer takes payment, and nothing was sold.
    expect((await pay(started.body.url)).status).toBe(409);
    expect(await stock("pack-144")).toBe(100);
    expect(await stickersOf(me.token)).toHaveLength(0);

    // A payment the provider took just as the checkout closed delivers what it paid for, not the grown bag.
    await setAtProvider(started.body.session_id, "complete");
    expect((await deliver("checkout.session.completed", started.body.session_id)).status).toBe(200);
    const paid = (await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body;
    expect(paid).toMatchObject({
      status: "paid",
      items: [{ item_id: "pack-144", quantity: 1 }],
      address: { city: "Barcelona" },
      sticker_count: 144,
    });
    expect(paid.total.amount).toBe(priced);
    expect(await stock("pack-144")).toBe(99);
    expect(await stickersOf(me.token)).toHaveLength(144);
  });

  it("refuses to change a shipment while the provider is taking its payment, and says why", async () => {
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const started = await checkout(me.token, ship, ship.rates[0].id);
    await setAtProvider(started.body.session_id, "paying");
    const refused = await edit(me.token, ship.id, [{ item_id: "pack-24", quantity: 5 }]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "shipment-checkout-open",
      message: "This shipment is being paid: it can change again only if that payment does not go through",
    });
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.items).toMatchObject([{ item_id: "pack-24", quantity: 1 }]);
  });

  it("pays a shipment once: a second checkout closes the first, and a payment of the first that got through is refunded", async () => {
    const before = await stock("pack-24");
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const first = await checkout(me.token, ship, ship.rates[0].id);
    const second = await checkout(me.token, ship, ship.rates[0].id);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await pay(first.body.url)).status).toBe(409);
    expect((await atProvider(first.body.session_id)).status).toBe("expired");
    expect((await pay(second.body.url)).status).toBeLessThan(400);
    expect(await stock("pack-24")).toBe(before - 1);

    // The first checkout's payment went through as it was closing: it is given back, and nothing more is sold.
    await setAtProvider(first.body.session_id, "complete");
    expect((await deliver("checkout.session.completed", first.body.session_id)).status).toBe(200);
    expect(await atProvider(first.body.session_id)).toMatchObject({ status: "complete", refunded: true });
    expect((await atProvider(second.body.session_id)).refunded).toBeFalsy();
    expect(await stock("pack-24")).toBe(before - 1);
    expect(await stickersOf(me.token)).toHaveLength(24);
  });

  it("sells nothing on a checkout completed unpaid (a delayed payment method) until its payment succeeds, once", async () => {
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 1 }]);
    const started = await checkout(me.token, ship, ship.rates[0].id);
    const held = await stock("pack-24");

    expect((await deliver("checkout.session.completed", started.body.session_id, "unpaid")).status).toBe(200);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body).toMatchObject({ status: "created", paid_at: null });
    expect(await stickersOf(me.token)).toHaveLength(0);
    expect(await stock("pack-24")).toBe(held);

    expect((await deliver("checkout.session.async_payment_succeeded", started.body.session_id)).status).toBe(200);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body).toMatchObject({ status: "paid", sticker_count: 24 });
    expect(await stickersOf(me.token)).toHaveLength(24);
    // Another event saying the same payment (a completed one paid after all) sells nothing more.
    expect((await deliver("checkout.session.completed", started.body.session_id)).status).toBe(200);
    expect(await stickersOf(me.token)).toHaveLength(24);
    expect(await stock("pack-24")).toBe(held);
  });

  it("gives the pack back when a delayed payment fails", async () => {
    const me = await buyer();
    const { body: ship } = await shipment(me.token, [{ item_id: "pack-24", quantity: 2 }]);
    const before = await stock("pack-24");
    const started = await checkout(me.token, ship, ship.rates[0].id);
    expect(await stock("pack-24")).toBe(before - 2);
    expect((await deliver("checkout.session.completed", started.body.session_id, "unpaid")).status).toBe(200);
    expect((await deliver("checkout.session.async_payment_failed", started.body.session_id, "unpaid")).status).toBe(200);
    expect(await stock("pack-24")).toBe(before);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body.status).toBe("created");
  });

  it(`counts a checkout's hold for its ${PAYMENT_CHECKOUT_MINUTES} minutes and not after, with no event from the provider`, async () => {
    await s.latent.services.shop.restock("pack-72", 10);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const opened = Date.now();
      const me = await buyer();
      const { body: ship } = await shipment(me.token, [{ item_id: "pack-72", quantity: 3 }]);
      expect((await checkout(me.token, ship, ship.rates[0].id)).status).toBe(200);
      expect(await stock("pack-72")).toBe(7);
      vi.setSystemTime(opened + (PAYMENT_CHECKOUT_MINUTES - 1) * 60_000);
      expect(await stock("pack-72")).toBe(7);
      vi.setSystemTime(opened + PAYMENT_CHECKOUT_MINUTES * 60_000 - 1000);
      expect(await stock("pack-72")).toBe(7);
      vi.setSystemTime(opened + (PAYMENT_CHECKOUT_MINUTES + 1) * 60_000);
      expect(await stock("pack-72")).toBe(10);
      // The lapsed hold no longer stands in the way of another buyer.
      const other = await buyer();
      const { body: theirs } = await shipment(other.token, [{ item_id: "pack-72", quantity: 10 }]);
      expect((await checkout(other.token, theirs, theirs.rates[0].id)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("links a sticker to a roll, says so publicly without saying whose, moves it only when asked, and unlinks it", async () => {
    const me = await paidPack();
    const [first, second] = (await s.api("/api/stickers", { token: me.token })).body;
    const rollA = (await s.api("/api/film", { method: "POST", token: me.token, body: roll })).body;
    const rollB = (await s.api("/api/film", { method: "POST", token: me.token, body: { ...roll, name: "Second" } })).body;

    expect((await s.api(`/api/stickers/${first.sticker_hash}`)).body).toEqual({ exists: true, linked: false });
    expect((await s.api("/api/stickers/AAAAAAAAAAAAAAAAAAAAAA")).body).toEqual({ exists: false, linked: false });

    const linked = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: first.sticker_hash, film_id: rollA.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: rollA.id, sticker_hash: first.sticker_hash });
    expect((await s.api(`/api/stickers/${first.sticker_hash}`)).body).toEqual({ exists: true, linked: true });
    expect((await s.api(`/api/stickers/${first.short_id.toLowerCase()}`)).body).toEqual({ exists: true, linked: true });
    expect((await s.api(`/api/stickers/${first.sticker_hash}/mine`, { token: me.token })).body).toMatchObject({
      film_id: rollA.id,
      film_name: rollA.name,
    });
    expect((await s.api(`/api/stickers/${second.sticker_hash}/mine`, { token: me.token })).body).toMatchObject({
      film_id: null,
      film_name: null,
    });
    const mine = (await s.api("/api/stickers", { token: me.token })).body as { sticker_hash: string; film_id: string | null }[];
    expect(mine.filter((x) => x.film_id !== null)).toEqual([
      expect.objectContaining({ sticker_hash: first.sticker_hash, film_id: rollA.id, film_name: rollA.name }),
    ]);
    // A well-formed short id that no sticker has is unknown, whatever stickers exist.
    expect((await s.api(`/api/stickers/${shortIdFromBytes(new Uint8Array(8))}`)).body).toEqual({ exists: false, linked: false });
    // Linking it again to the roll it is on changes nothing and asks nothing.
    const again = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: first.sticker_hash, film_id: rollA.id },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: rollA.id, sticker_hash: first.sticker_hash });

    // The sticker is on roll A: putting it on roll B asks first, then moves it.
    const conflict = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: first.sticker_hash, film_id: rollB.id },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe("sticker-linked-elsewhere");
    const moved = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: first.short_id, film_id: rollB.id, move: true },
    });
    expect(moved.body.sticker_hash).toBe(first.sticker_hash);
    expect((await s.api(`/api/film/${rollA.id}`, { token: me.token })).body.sticker_hash).toBeNull();

    // Roll B has a sticker: a second one asks before replacing it.
    const replace = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: second.sticker_hash, film_id: rollB.id },
    });
    expect(replace.status).toBe(409);
    expect(replace.body.error).toBe("film-has-sticker");

    // Another photographer: neither the sticker nor the roll is theirs to touch or to learn about.
    const other = await buyer();
    const theirRoll = (await s.api("/api/film", { method: "POST", token: other.token, body: roll })).body;
    const steal = await s.api("/api/film/link", {
      method: "PUT",
      token: other.token,
      body: { sticker_hash: second.sticker_hash, film_id: theirRoll.id },
    });
    expect(steal.status).toBe(404);
    expect(steal.body.error).toBe("sticker-not-found");
    expect((await s.api(`/api/stickers/${first.sticker_hash}/mine`, { token: other.token })).status).toBe(404);
    const intoForeign = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: second.sticker_hash, film_id: theirRoll.id },
    });
    expect(intoForeign.status).toBe(404);
    expect(intoForeign.body.error).toBe("film-not-found");
    expect((await s.api("/api/film/unlink", { method: "PUT", token: other.token, body: { film_id: rollB.id } })).status).toBe(404);
    expect((await s.api(`/api/film/${rollB.id}`, { token: me.token })).body.sticker_hash).toBe(first.sticker_hash);

    const unlinked = await s.api("/api/film/unlink", { method: "PUT", token: me.token, body: { film_id: rollB.id } });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.sticker_hash).toBeNull();
    expect((await s.api(`/api/stickers/${first.sticker_hash}`)).body).toEqual({ exists: true, linked: false });
    // Deleting a roll frees its sticker.
    await s.api("/api/film/link", { method: "PUT", token: me.token, body: { sticker_hash: second.sticker_hash, film_id: rollA.id } });
    await s.api(`/api/film/${rollA.id}`, { method: "DELETE", token: me.token });
    expect((await s.api(`/api/stickers/${second.sticker_hash}`)).body).toEqual({ exists: true, linked: false });
  });
});
