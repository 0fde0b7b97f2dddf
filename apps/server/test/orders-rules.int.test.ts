import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * The order rules the main order suites (orders, order-collection, order-signup) leave open: what the lab's feed is
 * told of each change, the counts and the list, a store's order imported once per lab however it arrives, an update,
 * a delete that fails, what a collected or empty order refuses, the mail's sender, reply address and expiry date,
 * the client search, the lab named in an order's files, and two claims of one order at once.
 */

/** A lab or a photographer as the identity provider would sign them (a photographer has accepted the policy). */
async function signIn(s: TestServer, role: "lab" | "user", email = `${randomUUID()}@example.com`) {
  const sub = randomUUID();
  const token = await s.token({ sub, email, role });
  if (role === "user") await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { sub, email, token };
}

interface FeedEvent {
  type: string;
  order_id?: string;
  status?: string | null;
}

/** The lab's orders feed, opened with a fresh ticket: what it received so far, and a way to wait for one event. */
async function openOrdersFeed(s: TestServer, token: string) {
  const ticket = (await s.api("/api/orders/ws-ticket", { method: "POST", token })).body;
  const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${encodeURIComponent(ticket.feed)}?token=${ticket.ticket}`);
  const events: FeedEvent[] = [];
  const waiters: { test: (e: FeedEvent) => boolean; resolve: () => void }[] = [];
  ws.onmessage = (m) => {
    const event = JSON.parse(String(m.data)) as FeedEvent;
    events.push(event);
    for (const w of waiters.filter((x) => x.test(event))) w.resolve();
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  return {
    events,
    next: (test: (e: FeedEvent) => boolean) =>
      new Promise<void>((resolve) => {
        if (events.some(test)) return resolve();
        waiters.push({ test, resolve });
      }),
    close: () => ws.close(),
  };
}

const customer = (email = `${randomUUID()}@example.com`) => ({ reference: "#501", user_name: "Ana García", user_email: email });
/** A store's order as the integrations hand it over (the schema's output: the phone always there). */
const storeOrder = () => ({ ...customer(), user_phone: "" });

describe.each(DATABASES)("a lab's order rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const newOrder = async (token: string, body: Record<string, unknown> = customer()) => {
    const res = await s.api("/api/orders", { method: "POST", token, body });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** Runs `body` while a trigger plays what the test needs at one statement, then drops it. */
  const withTrigger = async (name: string, fn: string, trigger: string, body: () => Promise<void>) => {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${fn} end $$`).execute(s.latent.db);
    await sql.raw(`create trigger ${name} ${trigger} execute function ${name}()`).execute(s.latent.db);
    try {
      await body();
    } finally {
      await sql.raw(`drop trigger ${name} on ${trigger.match(/ on (\w+)/)![1]}`).execute(s.latent.db);
      await sql.raw(`drop function ${name}()`).execute(s.latent.db);
    }
  };

  it("tells the lab's open order screens of each change of an order: which order, its new status, and none once deleted", async () => {
    const lab = await signIn(s, "lab");
    const feed = await openOrdersFeed(s, lab.token);
    const id = await newOrder(lab.token);
    expect((await s.api(`/api/orders/${id}`, { method: "PUT", token: lab.token, body: { reference: "#502" } })).status).toBe(200);
    expect((await s.api(`/api/orders/${id}/share`, { method: "POST", token: lab.token })).status).toBe(200);
    expect((await s.api(`/api/orders/${id}`, { method: "DELETE", token: lab.token })).status).toBe(204);
    await feed.next((e) => e.type === "order" && e.status === null);
    expect(feed.events.filter((e) => e.type !== "connected")).toEqual([
      { type: "order", order_id: id, status: "created" },
      { type: "order", order_id: id, status: "created" },
      { type: "order", order_id: id, status: "shared" },
      { type: "order", order_id: id, status: null },
    ]);
    feed.close();
  });

  it("counts the lab's orders by status, and all of them in the total", async () => {
    const lab = await signIn(s, "lab");
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await newOrder(lab.token));
    for (const id of ids.slice(0, 2)) await s.api(`/api/orders/${id}/share`, { method: "POST", token: lab.token });
    await s.latent.db.updateTable("orders").set({ status: "sent" }).where("id", "=", ids[2]!).execute();
    expect((await s.api(`/api/labs/${lab.sub}`, { token: lab.token })).body.orders).toEqual({
      created: 3,
      shared: 2,
      sent: 1,
      collected: 0,
      total: 6,
    });
  });

  it("lists each order with its own rolls, and the phone the lab typed (none: empty)", async () => {
    const lab = await signIn(s, "lab");
    const withRolls = await newOrder(lab.token, { ...customer(), reference: "#601", user_phone: "+34 600 000 001" });
    const bare = await newOrder(lab.token, { ...customer(), reference: "#602" });
    const rolls = [];
    for (const name of ["A", "B"])
      rolls.push((await s.api(`/api/orders/${withRolls}/films`, { method: "POST", token: lab.token, body: { ...roll, name } })).body.id);
    const listed = (await s.api("/api/orders", { token: lab.token })).body as { id: string; user_phone: string; films: { id: string }[] }[];
    const byId = new Map(listed.map((o) => [o.id, o]));
    expect(
      byId
        .get(withRolls)
        ?.films.map((f) => f.id)
        .sort(),
    ).toEqual([...rolls].sort());
    expect(byId.get(withRolls)?.user_phone).toBe("+34 600 000 001");
    expect(byId.get(bare)?.films).toEqual([]);
    expect(byId.get(bare)?.user_phone).toBe("");
  });

  it("changes only what the lab sends, and keeps a new email in lower case", async () => {
    const lab = await signIn(s, "lab");
    const email = `${randomUUID()}@example.com`;
    const id = await newOrder(lab.token, customer(email));
    const renamed = await s.api(`/api/orders/${id}`, { method: "PUT", token: lab.token, body: { reference: "#777" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ reference: "#777", user_email: email, user_name: "Ana García" });
    const moved = await s.api(`/api/orders/${id}`, { method: "PUT", token: lab.token, body: { user_email: `New.${email.toUpperCase()}` } });
    expect(moved.body.user_email).toBe(`new.${email}`);
    expect((await s.api(`/api/orders/${id}`, { token: lab.token })).body).toMatchObject({ reference: "#777", user_email: `new.${email}` });
  });

  it("says the order could not be deleted when a roll of it could not be, and not found when it went meanwhile", async () => {
    const lab = await signIn(s, "lab");
    const id = await newOrder(lab.token);
    const film = (await s.api(`/api/orders/${id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    // The roll's row does not go (as when another request removed it first): its removal fails.
    await withTrigger("keep_order_roll", "return null;", `before delete on films for each row when (old.id = '${film.id}')`, async () => {
      const failed = await s.api(`/api/orders/${id}`, { method: "DELETE", token: lab.token });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ error: "order-delete-failed", message: "Could not delete the order" });
    });
    expect((await s.api(`/api/orders/${id}`, { token: lab.token })).status).toBe(200);
    // The order's row does not go (another request deleted it between the check and the delete).
    await withTrigger("keep_order", "return null;", `before delete on orders for each row when (old.id = '${id}')`, async () => {
      const gone = await s.api(`/api/orders/${id}`, { method: "DELETE", token: lab.token });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: "order-not-found", message: "Order not found" });
    });
  });

  it("refuses a roll and a mail for an order its customer collected, and shows counts it never recorded as unknown", async () => {
    const lab = await signIn(s, "lab");
    const id = await newOrder(lab.token);
    // Collected before the counts were recorded: the row says when, not how much.
    await s.latent.db.updateTable("orders").set({ status: "collected", claimed_at: new Date() }).where("id", "=", id).execute();
    const seen = (await s.api(`/api/orders/${id}`, { token: lab.token })).body;
    expect(seen.collected).toEqual({ by: "Ana García", at: seen.claimed_at, rolls: null, scans: null, bytes: null });
    for (const [path, body] of [
      [`/api/orders/${id}/films`, roll],
      [`/api/orders/${id}/send`, undefined],
    ] as const) {
      const refused = await s.api(path, { method: "POST", token: lab.token, body });
      expect(refused.status, path).toBe(409);
      expect(refused.body.error, path).toBe("order-collected");
    }
  });

  it("turns a created order shared with its first link, and leaves a sent one sent", async () => {
    const lab = await signIn(s, "lab");
    const created = await newOrder(lab.token);
    const sent = await newOrder(lab.token);
    await s.latent.db.updateTable("orders").set({ status: "sent" }).where("id", "=", sent).execute();
    for (const id of [created, sent])
      expect((await s.api(`/api/orders/${id}/share`, { method: "POST", token: lab.token })).status).toBe(200);
    expect((await s.api(`/api/orders/${created}`, { token: lab.token })).body.status).toBe("shared");
    expect((await s.api(`/api/orders/${sent}`, { token: lab.token })).body.status).toBe("sent");
  });

  it("sends an order once one scan is finished, from the lab's name, replies to the lab, with the link's date written out", async () => {
    const lab = await signIn(s, "lab");
    await s.api("/api/labs", { method: "PUT", token: lab.token, body: { name: "Foto Lab Gràcia" } });
    const template = { subject: "Order {{order_reference}}", body: "Open {{link}} until {{expires_at}}." };
    expect((await s.api("/api/labs/email_template", { method: "PUT", token: lab.token, body: template })).status).toBe(200);
    const email = `${randomUUID()}@example.com`;
    const id = await newOrder(lab.token, customer(email));
    const film = (await s.api(`/api/orders/${id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    await upload(s, lab.token, film.id, 1, await jpeg(320, 240, 1));
    await upload(s, lab.token, film.id, 2, await jpeg(300, 200, 2));
    await waitForShots(s, lab.token, film.id, 2);
    const scanState = (index: number, state: "done" | "error") =>
      s.latent.db.updateTable("shots").set({ state }).where("film_id", "=", film.id).where("index", "=", index).execute();
    const send = () => s.api(`/api/orders/${id}/send?expiration=1440`, { method: "POST", token: lab.token });

    // Two scans that both failed: nothing to open yet.
    await scanState(1, "error");
    await scanState(2, "error");
    const empty = await send();
    expect(empty.status).toBe(409);
    expect(empty.body.error).toBe("order-empty");
    // One finished beside one failed is enough.
    await scanState(1, "done");
    const sent = await send();
    expect(sent.status).toBe(200);
    const mails = () => s.latent.db.selectFrom("outbox").selectAll().where("to", "=", email).orderBy("created_at", "desc").execute();
    const [first] = await mails();
    const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(sent.body.expires_at));
    expect(first).toMatchObject({
      subject: "Order #501",
      text: `Open ${sent.body.url} until ${until}.`,
      from_name: "Foto Lab Gràcia via Latent",
      reply_to: lab.email,
    });
    // With a contact email, replies go there instead of the lab account's address.
    await s.api("/api/labs", { method: "PUT", token: lab.token, body: { contact_email: "hola@gracia.example" } });
    expect((await send()).status).toBe(200);
    const [second] = await mails();
    expect(second).toMatchObject({ from_name: "Foto Lab Gràcia via Latent", reply_to: "hola@gracia.example" });
  });

  it("offers a typed address of a photographer even beside a customer whose address contains it, and never a lab's", async () => {
    const lab = await signIn(s, "lab");
    const base = `${randomUUID()}@example.com`;
    // The lab's earlier customer, at an address that contains the typed one.
    const earlier = await signIn(s, "user", `x-${base}`);
    const id = await newOrder(lab.token, { ...customer(earlier.email), user_name: "Joan Earlier" });
    await s.latent.db.updateTable("orders").set({ user_id: earlier.sub }).where("id", "=", id).execute();
    await signIn(s, "user", base);
    expect((await s.api(`/api/orders/clients?q=${encodeURIComponent(base)}`, { token: lab.token })).body).toEqual([
      { user_id: null, name: "", email: base },
      { user_id: earlier.sub, name: "Joan Earlier", email: earlier.email },
    ]);
    // Another lab's account is nobody's customer, however exactly its address is typed.
    const otherLab = await signIn(s, "lab");
    expect((await s.api("/api/labs", { token: otherLab.token })).status).toBe(200);
    expect((await s.api(`/api/orders/clients?q=${encodeURIComponent(otherLab.email)}`, { token: lab.token })).body).toEqual([]);
  });

  it("names the order's lab in its scans' files, none for a lab without a name or an order that is gone", async () => {
    const named = await signIn(s, "lab");
    await s.api("/api/labs", { method: "PUT", token: named.token, body: { name: "Laboratori Sants" } });
    const unnamed = await signIn(s, "lab");
    const orders = s.latent.services.orders;
    expect(await orders.labNameOf(await newOrder(named.token))).toBe("Laboratori Sants");
    expect(await orders.labNameOf(await newOrder(unnamed.token))).toBeNull();
    expect(await orders.labNameOf(randomUUID())).toBeNull();
  });

  it("adds an order's rolls once when the customer claims it twice at once", async () => {
    const lab = await signIn(s, "lab");
    const buyer = await signIn(s, "user");
    const id = await newOrder(lab.token, customer(buyer.email));
    const { code } = (await s.api(`/api/orders/${id}/share`, { method: "POST", token: lab.token })).body;
    const orders = s.latent.services.orders;
    const outcomes = await Promise.allSettled([orders.claim(buyer.sub, buyer.email, code), orders.claim(buyer.sub, buyer.email, code)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "order-already-added" });
    expect((await s.api(`/api/orders/${id}`, { token: lab.token })).body).toMatchObject({ status: "collected", user_id: buyer.sub });
  });

  describe("a store's order imported", () => {
    const imported = (labId: string, externalId: string) =>
      s.latent.db.selectFrom("orders").selectAll().where("lab_id", "=", labId).where("external_id", "=", externalId).execute();

    it("is made once per lab: again it is answered as not made, and the same store order at another lab is that lab's own", async () => {
      const [lab, other] = [await signIn(s, "lab"), await signIn(s, "lab")];
      const orders = s.latent.services.orders;
      const externalId = `gid://shopify/Order/${randomUUID()}`;
      const first = await orders.importOrder(lab.sub, storeOrder(), "shopify", externalId);
      expect(first).toEqual({ id: expect.any(String), created: true });
      expect(await orders.importOrder(lab.sub, storeOrder(), "shopify", externalId)).toEqual({ id: first.id, created: false });
      const theirs = await orders.importOrder(other.sub, storeOrder(), "shopify", externalId);
      expect(theirs).toEqual({ id: expect.any(String), created: true });
      expect(theirs.id).not.toBe(first.id);
      expect((await imported(lab.sub, externalId)).map((o) => o.id)).toEqual([first.id]);
      expect((await imported(other.sub, externalId)).map((o) => o.id)).toEqual([theirs.id]);
    });

    it("is not made again once the lab deleted it", async () => {
      const lab = await signIn(s, "lab");
      const orders = s.latent.services.orders;
      const externalId = `wc-${randomUUID()}`;
      const { id } = await orders.importOrder(lab.sub, storeOrder(), "woocommerce", externalId);
      expect((await s.api(`/api/orders/${id}`, { method: "DELETE", token: lab.token })).status).toBe(204);
      expect(await orders.importOrder(lab.sub, storeOrder(), "woocommerce", externalId)).toEqual({ id: null, created: false });
      expect(await imported(lab.sub, externalId)).toEqual([]);
    });

    it("is made once when two deliveries of it arrive at once: the second is answered with the first's order", async () => {
      const lab = await signIn(s, "lab");
      const orders = s.latent.services.orders;
      const externalId = `wc-${randomUUID()}`;
      const both = await Promise.all([
        orders.importOrder(lab.sub, storeOrder(), "woocommerce", externalId),
        orders.importOrder(lab.sub, storeOrder(), "woocommerce", externalId),
      ]);
      const rows = await imported(lab.sub, externalId);
      expect(rows).toHaveLength(1);
      expect(both.map((r) => r.created).sort()).toEqual([false, true]);
      expect(both.map((r) => r.id)).toEqual([rows[0]!.id, rows[0]!.id]);
    });

    it("fails with the database's error when the order could not be stored, even if one is there after", async () => {
      const lab = await signIn(s, "lab");
      const orders = s.latent.services.orders;
      // Another delivery's row goes in while this one's is dropped: this insert stored nothing, which is no duplicate.
      const dropped = `wc-${randomUUID()}`;
      await withTrigger(
        "store_rival_instead",
        `insert into orders (id, lab_id, reference, user_name, user_email, user_phone, source, external_id)
           values (gen_random_uuid(), new.lab_id, 'rival', new.user_name, new.user_email, '', new.source, new.external_id);
         return null;`,
        `before insert on orders for each row when (new.external_id = '${dropped}' and new.reference <> 'rival')`,
        async () => {
          await expect(orders.importOrder(lab.sub, storeOrder(), "woocommerce", dropped)).rejects.toThrow();
        },
      );
      // The trigger's rival was written inside the failed creation's transaction (its webhooks' outbox with it), so it
      // goes with it: what the lab sees is the refusal, and no order half made.
      expect(await imported(lab.sub, dropped)).toEqual([]);
      // The unique index refuses it, yet no order is there to answer with: the refusal is the answer.
      const refused = `wc-${randomUUID()}`;
      await withTrigger(
        "refuse_as_duplicate",
        "raise exception 'duplicate store order' using errcode = 'unique_violation';",
        `before insert on orders for each row when (new.external_id = '${refused}')`,
        async () => {
          await expect(orders.importOrder(lab.sub, storeOrder(), "woocommerce", refused)).rejects.toMatchObject({ code: "23505" });
        },
      );
      expect(await imported(lab.sub, refused)).toEqual([]);
    });
  });
});
