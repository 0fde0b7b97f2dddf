import { randomUUID } from "node:crypto";
import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { signWebhook } from "../src/platform/payments/webhook-signature.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { payOnSandboxPage, shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

/**
 * Races and failures around money (issues 24 and 25), beyond what shop.int.test.ts (twenty buyers of the last five
 * packs, one event delivered ten times) and purchases.int.test.ts hold: buyers racing for the last packs while one
 * changes the bag, one shipment paid through two checkouts at once, copies of one webhook arriving together, and a
 * webhook whose effect failed, redelivered in several copies once it can hold.
 */

const SECRET_KEY = "reliability-payments-secret-0123456789abcd";

interface Line {
  item_id: string;
  quantity: number;
  size: number;
}

describe.each(DATABASES)("payments under races and failures on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY });
  });
  afterAll(() => s?.close());

  const buyer = () => shopBuyer(s);
  const shipment = async (token: string, quantity: number) => {
    const res = await s.api("/api/shipping", {
      method: "POST",
      token,
      body: { items: [{ item_id: "pack-144", quantity }], currency: "eur" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; items: Line[]; rates: { id: string }[] };
  };
  const checkout = (token: string, ship: { id: string; items: Line[]; rates: { id: string }[] }) =>
    shipmentCheckout(s, token, ship, ship.rates[0]!.id);
  const pay = (url: string) => payOnSandboxPage(s, url);
  const deliver = (event: { created: number }) => {
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
  const checkoutEvent = (type: string, sessionId: string) => ({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: "checkout.session", mode: "payment", payment_status: "paid" } },
  });
  const stockLeft = async () =>
    (await s.latent.db.selectFrom("inventory_items").select("quantity").where("id", "=", "pack-144").executeTakeFirstOrThrow()).quantity;
  const shipmentOf = async (token: string, id: string) => (await s.api(`/api/shipping/${id}`, { token })).body;
  const stickerCount = async (token: string) => ((await s.api("/api/stickers", { token })).body as unknown[]).length;
  /** The sandbox's checkouts of a shipment: what the provider charged, and what it gave back. */
  const chargesOf = async (shipmentId: string) => {
    const ids = (await s.latent.db.selectFrom("checkout_sessions").select("id").where("reference", "=", shipmentId).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return [];
    const rows = await s.latent.db.selectFrom("payment_sandbox_objects").select("data").where("id", "in", ids).execute();
    return rows.map((r) => r.data as { status: string; refunded?: boolean }).filter((c) => c.status === "complete");
  };

  it("sells no more packs than the stock, each as its checkout priced, when buyers race for the last ones while one changes the bag", async () => {
    for (let round = 0; round < 3; round++) {
      await s.latent.services.shop.restock("pack-144", 5);
      const [a, b, c] = await Promise.all([buyer(), buyer(), buyer()]);
      const shipA = await shipment(a.token, 2);
      const shipB = await shipment(b.token, 3);
      const shipC = await shipment(c.token, 2);
      const startA = await checkout(a.token, shipA);
      const startB = await checkout(b.token, shipB);
      expect([startA.status, startB.status]).toEqual([200, 200]);

      // A pays while changing the bag to one pack, B pays, and C tries for packs that are all held.
      const [paidA, editA, paidB, startC] = await Promise.all([
        pay(startA.body.url),
        s.api(`/api/shipping/${shipA.id}`, { method: "PUT", token: a.token, body: { items: [{ item_id: "pack-144", quantity: 1 }] } }),
        pay(startB.body.url),
        checkout(c.token, shipC),
      ]);
      expect(paidB.status).toBe(303);
      expect([303, 409]).toContain(paidA.status);
      expect([200, 409]).toContain(editA.status);
      // One of A's two moves wins: a paid checkout refuses the edit, an edit closes the checkout first.
      expect(paidA.status === 303).toBe(editA.status === 409);
      if (editA.status === 409) expect(["shipment-checkout-open", "shipment-not-editable"]).toContain(editA.body.error);
      expect([409, 200]).toContain(startC.status);
      if (startC.status === 409) expect(startC.body.error).toBe("out-of-stock");

      const finalA = await shipmentOf(a.token, shipA.id);
      const finalB = await shipmentOf(b.token, shipB.id);
      expect(finalB).toMatchObject({ status: "paid", items: [{ quantity: 3 }], sticker_count: 3 * 144 });
      if (paidA.status === 303) expect(finalA).toMatchObject({ status: "paid", items: [{ quantity: 2 }], sticker_count: 2 * 144 });
      else expect(finalA).toMatchObject({ status: "created", items: [{ quantity: 1 }], sticker_count: 0 });
      const sold = [finalA, finalB].filter((x) => x.status === "paid").reduce((n, x) => n + x.items[0].quantity, 0);
      expect(await stockLeft()).toBe(5 - sold);
      expect((await stickerCount(a.token)) + (await stickerCount(b.token))).toBe(sold * 144);
    }
  });

  it("keeps one payment when two checkouts of one shipment are opened and paid at once, and takes the stock once", async () => {
    await s.latent.services.shop.restock("pack-144", 50);
    for (let round = 0; round < 3; round++) {
      const me = await buyer();
      const ship = await shipment(me.token, 1);
      const before = await stockLeft();
      const started = await Promise.all([checkout(me.token, ship), checkout(me.token, ship)]);
      const urls = started.filter((r) => r.status === 200).map((r) => r.body.url as string);
      expect(urls.length).toBeGreaterThan(0);
      const paid = await Promise.all(urls.map(pay));
      expect(paid.some((p) => p.status === 303)).toBe(true);

      expect(await shipmentOf(me.token, ship.id)).toMatchObject({ status: "paid", sticker_count: 144 });
      expect(await stockLeft()).toBe(before - 1);
      expect(await stickerCount(me.token)).toBe(144);
      // Whatever the provider charged beyond the one payment kept was given back.
      expect((await chargesOf(ship.id)).filter((c) => !c.refunded)).toHaveLength(1);
    }
  });

  it("applies copies of one webhook and another event of the same payment, arriving together, once", async () => {
    await s.latent.services.shop.restock("pack-144", 50);
    const me = await buyer();
    const ship = await shipment(me.token, 2);
    const started = await checkout(me.token, ship);
    expect(started.status).toBe(200);
    const before = await stockLeft();
    const completed = checkoutEvent("checkout.session.completed", started.body.session_id);
    const succeeded = checkoutEvent("checkout.session.async_payment_succeeded", started.body.session_id);
    const answers = await Promise.all([...Array.from({ length: 8 }, () => deliver(completed)), deliver(succeeded), deliver(succeeded)]);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await shipmentOf(me.token, ship.id)).toMatchObject({ status: "paid", sticker_count: 288 });
    expect(await stockLeft()).toBe(before - 2);
    expect(await stickerCount(me.token)).toBe(288);
  });

  it("finishes a webhook whose effect failed when its copies are redelivered together, once the effect can hold", async () => {
    const sub = randomUUID();
    const created = Math.floor(Date.now() / 1000);
    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "customer.subscription.created",
      created,
      data: {
        object: {
          id: `sub_${randomUUID()}`,
          object: "subscription",
          customer: "cus_elsewhere",
          status: "active",
          cancel_at_period_end: false,
          current_period_end: created + 30 * 86_400,
          metadata: { user_id: sub, plan: "unlimited", source: "web" },
          items: { data: [{ price: { unit_amount: PLANS.unlimited.monthlyMinor.eur, currency: "eur", metadata: { plan: "unlimited" } } }] },
        },
      },
    };
    // The account has no row yet: the plan cannot be given, the provider is told to try again.
    const failed = await Promise.all(Array.from({ length: 3 }, () => deliver(event)));
    expect(failed.map((f) => [f.status, f.body.error])).toEqual(Array(3).fill([503, "webhook-effect-pending"]));

    const token = await s.token({ sub, email: `${sub}@example.com` });
    expect((await s.api("/api/user", { token })).body.plan).toBe("free");
    const redelivered = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(redelivered.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect((await s.api("/api/user", { token })).body.plan).toBe("unlimited");
    expect((await s.api("/api/purchases/my-subscriptions", { token })).body).toHaveLength(1);
    const recorded = await s.latent.db.selectFrom("payment_events").select("follow_up").where("id", "=", event.id).execute();
    expect(recorded).toEqual([{ follow_up: null }]);
  });
});
