import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { SCOPES } from "@latent/domain/api";
import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, DATABASES, startServer, type TestServer } from "./harness.ts";

const NOT_FOUND_LAB = { error: "lab-not-found", message: "The Laboratory could not be found" };

/** A lab account and a photographer, each with a known email, as the identity provider would sign them. */
const accounts = (s: TestServer) => ({
  async lab() {
    const sub = randomUUID();
    const email = `lab-${sub}@example.com`;
    return { sub, email, token: await s.token({ sub, email, role: "lab" }) };
  },
  async photographer(email = `${randomUUID()}@example.com`) {
    const sub = randomUUID();
    const token = await s.token({ sub, email, role: "user" });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    return { sub, email, token };
  },
});

const outboxTo = (s: TestServer, to: string) =>
  s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).orderBy("created_at", "desc").execute();

/** A lab with a name, an order for `customerEmail`, one roll with one finished scan. */
async function scannedOrder(s: TestServer, customerEmail: string) {
  const lab = await accounts(s).lab();

  await s.api("/api/labs", { method: "PUT", token: lab.token, body: { name: "Foto Lab Girona" } });
  const created = await s.api("/api/orders", {
    method: "POST",
    token: lab.token,
    body: { reference: "#1024", user_name: "Ana García", user_email: customerEmail, user_phone: "+34 600 000 000" },
  });
  expect(created.status).toBe(201);
  const film = await s.api(`/api/orders/${created.body.id}/films`, { method: "POST", token: lab.token, body: roll });
  expect(film.status).toBe(201);
  expect(film.body.order_id).toBe(created.body.id);
  await upload(s, lab.token, film.body.id, 1, await jpeg(320, 240));
  await waitForShots(s, lab.token, film.body.id, 1);
  return { lab, orderId: created.body.id as string, filmId: film.body.id as string };
}

describe.each(DATABASES)("a lab's profile and email template on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("starts blank, saves its profile, and shows in the directory to photographers", async () => {
    const { lab, photographer } = accounts(s);
    const me = await lab();
    const blank = await s.api(`/api/labs/${me.sub}`, { token: me.token });
    expect(blank.body).toMatchObject({ id: me.sub, name: "", orders: { created: 0, shared: 0, sent: 0, total: 0 } });

    const name = `Laboratori ${randomUUID().slice(0, 8)}`;
    const saved = await s.api("/api/labs", {
      method: "PUT",
      token: me.token,
      body: {
        name,
        location: "Girona",
        webpage: "lab.example.com",
        address: { line1: "Carrer Nou 3", city: "Girona", postal_code: "17001", country: "ES" },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name, location: "Girona", webpage: "https://lab.example.com", address: { city: "Girona" } });

    const visitor = await photographer();
    const seen = await s.api(`/api/labs/${me.sub}`, { token: visitor.token });
    expect(seen.body).toMatchObject({ id: me.sub, name, location: "Girona" });
    expect(seen.body).not.toHaveProperty("orders");
    const found = await s.api(`/api/labs?search=${encodeURIComponent(name.slice(-8))}`, { token: visitor.token });
    expect(found.body.map((l: { id: string }) => l.id)).toEqual([me.sub]);
    expect((await s.api(`/api/labs?search=zzz-no-such-lab`, { token: visitor.token })).body).toEqual([]);

    const unknown = await s.api(`/api/labs/${randomUUID()}`, { token: visitor.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND_LAB);
    // A photographer's token carries no lab scopes (spec §6).
    const refused = await s.api("/api/labs", { method: "PUT", token: visitor.token, body: { name: "Not a lab" } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "forbidden", message: "Missing scope: write:lab" });
    // Even a photographer's token given every scope is no lab.
    const stretched = await s.token({ sub: visitor.sub, email: visitor.email, role: "user", scopes: [...SCOPES] });
    expect((await s.api("/api/labs", { method: "PUT", token: stretched, body: { name: "Not a lab" } })).body.error).toBe("labs-only");
    expect((await s.api("/api/labs", { method: "PUT", body: { name: "x" } })).status).toBe(401);
  });

  it("has no template until it saves one, offers a default in its language, and refuses unknown placeholders", async () => {
    const me = await accounts(s).lab();
    const none = await s.api("/api/labs/email_template", { token: me.token });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe("lab-email-template-not-found");

    const spanish = await s.api("/api/labs/email_template/default?locale=es-ES", { token: me.token });
    expect(spanish.body.subject).toContain("{{order_reference}}");
    expect(spanish.body.body).toMatch(/Hola, \{\{customer_name\}\}/);
    expect(spanish.body.body).toContain("{{link}}");

    const typo = await s.api("/api/labs/email_template", {
      method: "PUT",
      token: me.token,
      body: { subject: "Ready", body: "Hi {{customer}}, see {{link}}" },
    });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ error: "unknown-placeholder", message: "Unknown placeholder: {{customer}}" });
    expect((await s.api("/api/labs/email_template", { token: me.token })).status).toBe(404);
    const huge = await s.api("/api/labs/email_template", {
      method: "PUT",
      token: me.token,
      body: { subject: "x", body: "y".repeat(5001) },
    });
    expect(huge.status).toBe(400);

    const template = {
      subject: "Order {{order_reference}} is ready",
      body: "Hi {{customer_name}}: {{link}} (until {{expires_at}}) — {{lab_name}}",
    };
    expect((await s.api("/api/labs/email_template", { method: "PUT", token: me.token, body: template })).body).toEqual(template);
    expect((await s.api("/api/labs/email_template", { token: me.token })).body).toEqual(template);
  });
});

describe.each(BACKENDS)("a lab's order from creation to the customer's account on %s with the %s store", (kind, storeKind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store: storeKind });
  });
  afterAll(async () => s?.close());

  const orderWithScan = (customerEmail: string) => scannedOrder(s, customerEmail);

  it("shares and sends the order, the customer opens it and downloads a zip, then adds the roll to their account", async () => {
    const customerEmail = `${randomUUID()}@example.com`;
    const { lab, orderId, filmId } = await orderWithScan(customerEmail);
    // The order's rolls are the lab's work, not one of its own rolls.
    expect((await s.api("/api/film", { token: lab.token })).body).toEqual([]);

    const shared = await s.api(`/api/orders/${orderId}/share?expiration=1440`, { method: "POST", token: lab.token });
    expect(shared.status).toBe(200);
    expect(shared.body.url).toContain(`/order?code=${encodeURIComponent(shared.body.code)}`);
    expect((await s.api(`/api/orders/${orderId}`, { token: lab.token })).body.status).toBe("shared");

    const sent = await s.api(`/api/orders/${orderId}/send?expiration=10080`, { method: "POST", token: lab.token });
    expect(sent.status).toBe(200);
    const [mail] = await outboxTo(s, customerEmail);
    expect(mail?.subject).toContain("#1024");
    expect(mail?.text).toContain("Ana García");
    expect(mail?.text).toContain(sent.body.url);
    expect(mail?.text).toContain("Foto Lab Girona");
    const order = (await s.api(`/api/orders/${orderId}`, { token: lab.token })).body;
    expect(order).toMatchObject({ status: "sent", reference: "#1024" });
    expect(order.sent_at).not.toBeNull();
    // A new link replaces the old one.
    expect((await s.api("/api/public/order", { headers: { authorization: `Bearer ${shared.body.code}` } })).status).toBe(401);

    const code = sent.body.code as string;
    const opened = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ reference: "#1024", user_name: "Ana García", lab: { name: "Foto Lab Girona" }, claimed: false });
    expect(opened.body.films).toHaveLength(1);
    expect(opened.body.films[0].shots[0].state).toBe("done");
    const thumb = await fetch(`${s.base}${opened.body.films[0].shots[0].version.thumbnail_url}`);
    expect(thumb.status).toBe(200);
    const zip = await s.api(`/api/public/order/download/${filmId}`, { headers: { authorization: `Bearer ${code}` } });
    expect(zip.status).toBe(200);
    expect(zip.body.files).toHaveLength(1);
    const archive = await fetch(`${s.base}${zip.body.zip_url}`);
    expect(archive.status).toBe(200);
    expect((await archive.arrayBuffer()).byteLength).toBe(zip.body.size);
    expect((await s.api(`/api/public/order/download/${randomUUID()}`, { headers: { authorization: `Bearer ${code}` } })).status).toBe(404);
    expect((await s.api("/api/public/order", { headers: { authorization: "Bearer not-the-code" } })).status).toBe(401);

    // Someone signed in with another email cannot take the rolls.
    const stranger = await accounts(s).photographer();
    const refused = await s.api("/api/orders/claim", { method: "POST", token: stranger.token, body: { code } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("order-not-yours");
    // Nor a lab account that signs in with the order's address: collecting an order is a photographer's act.
    const labAtThatAddress = await s.token({ sub: randomUUID(), email: customerEmail, role: "lab", scopes: [...SCOPES] });
    const labClaim = await s.api("/api/orders/claim", { method: "POST", token: labAtThatAddress, body: { code } });
    expect(labClaim.status).toBe(403);
    expect(labClaim.body.error).toBe("photographers-only");
    // Until the customer collects it, the order names no account, even when one has the address.
    expect((await s.api(`/api/orders/${orderId}`, { token: lab.token })).body.user_id).toBeNull();

    const customer = await accounts(s).photographer(customerEmail.toUpperCase());
    const claimed = await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.films).toEqual([{ id: filmId, name: roll.name }]);
    const mine = (await s.api("/api/film", { token: customer.token })).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: filmId, from_lab_name: "Foto Lab Girona", order_id: null, shot_count: 1 });
    const theirs = await s.api(`/api/film/${filmId}`, { token: customer.token });
    expect(theirs.body.shots[0].state).toBe("done");
    expect((await fetch(`${s.base}${theirs.body.shots[0].version.preview_url}`)).status).toBe(200);
    // The lab's copy is gone; the order says it was collected.
    expect((await s.api(`/api/film/${filmId}`, { token: lab.token })).status).toBe(404);
    const collected = (await s.api(`/api/orders/${orderId}`, { token: lab.token })).body;
    expect(collected.claimed_at).not.toBeNull();
    expect(collected.user_id).toBe(customer.sub);
    expect(collected.films).toEqual([]);
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).body.error).toBe(
      "order-already-added",
    );
  });

  it("refuses the customer's claim beyond their plan and moves nothing", async () => {
    const customerEmail = `${randomUUID()}@example.com`;
    const { lab, orderId, filmId } = await orderWithScan(customerEmail);
    const customer = await accounts(s).photographer(customerEmail);
    for (let i = 0; i < 3; i++) await s.api("/api/film", { method: "POST", token: customer.token, body: { ...roll, name: `Own ${i}` } });
    const { code } = (await s.api(`/api/orders/${orderId}/share`, { method: "POST", token: lab.token })).body;
    const full = await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } });
    expect(full.status).toBe(422);
    expect(full.body).toEqual({ error: "films-capacity-reached", message: "Maximum films capacity reached" });
    expect((await s.api(`/api/film/${filmId}`, { token: lab.token })).status).toBe(200);
    expect((await s.api(`/api/orders/${orderId}`, { token: lab.token })).body.claimed_at).toBeNull();
  });

  it("closes an expired link on every route it opened", async () => {
    const { lab, orderId, filmId } = await orderWithScan(`${randomUUID()}@example.com`);
    const { code } = (await s.api(`/api/orders/${orderId}/share`, { method: "POST", token: lab.token })).body;
    const opened = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    const zip = await s.api(`/api/public/order/download/${filmId}`, { headers: { authorization: `Bearer ${code}` } });
    await s.latent.db
      .updateTable("orders")
      .set({ share_expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", orderId)
      .execute();
    const late = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("share-expired");
    expect((await s.api(`/api/public/order/download/${filmId}`, { headers: { authorization: `Bearer ${code}` } })).status).toBe(401);
    // Links it handed out stop with it.
    expect((await fetch(`${s.base}${opened.body.films[0].shots[0].version.thumbnail_url}`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${s.base}${zip.body.zip_url}`)).status).toBeGreaterThanOrEqual(400);
  });

  it("deletes an order with its rolls and every stored file", async () => {
    const { lab, orderId, filmId } = await orderWithScan(`${randomUUID()}@example.com`);
    const filesOf = async () => (await readdir(join(s.storeRoot, "films", filmId), { recursive: true }).catch(() => [])).length;
    if (storeKind === "fs") expect(await filesOf()).toBeGreaterThan(0);
    expect((await s.api(`/api/orders/${orderId}`, { method: "DELETE", token: lab.token })).status).toBe(204);
    expect((await s.api(`/api/orders/${orderId}`, { token: lab.token })).status).toBe(404);
    expect((await s.api(`/api/film/${filmId}`, { token: lab.token })).status).toBe(404);
    if (storeKind === "fs") expect(await filesOf()).toBe(0);
  });
});

/** Every media and zip link in an answer (a public order, a zip manifest). */
const linksIn = (body: unknown) => JSON.stringify(body).match(/\/(?:media|zip)\/[^"]+/g) ?? [];

describe.each(DATABASES)("what an order's link hands out, and the customer's claim, on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const bearer = (code: string) => ({ headers: { authorization: `Bearer ${code}` } });
  /** The media and zip links a code hands out: the order's scans, then the roll's zip and its files. */
  const handedOut = async (code: string, filmId: string) => {
    const opened = await s.api("/api/public/order", bearer(code));
    const zip = await s.api(`/api/public/order/download/${filmId}`, bearer(code));
    expect(opened.status).toBe(200);
    expect(zip.status).toBe(200);
    const links = [...linksIn(opened.body), ...linksIn(zip.body)];
    expect(links.some((l) => l.startsWith("/media/"))).toBe(true);
    expect(links.some((l) => l.startsWith("/zip/"))).toBe(true);
    for (const link of links) expect((await fetch(`${s.base}${link}`)).status, link).toBe(200);
    return links;
  };
  const refused = async (links: string[]) => {
    for (const link of links) {
      const res = await fetch(`${s.base}${link}`);
      // A zip link that no longer holds answers 403, so the page's one retry with a fresh link starts (spec §8).
      expect(res.status, link).toBe(link.startsWith("/zip/") ? 403 : 404);
      expect(res.headers.get("content-type"), link).toContain("application/json");
    }
  };

  it("stops every media and zip link of a replaced code at once, while the new code's work", async () => {
    const { lab, orderId, filmId } = await scannedOrder(s, `${randomUUID()}@example.com`);
    const first = (await s.api(`/api/orders/${orderId}/share?expiration=1440`, { method: "POST", token: lab.token })).body.code;
    const old = await handedOut(first, filmId);
    const second = (await s.api(`/api/orders/${orderId}/send?expiration=1440`, { method: "POST", token: lab.token })).body.code;
    await refused(old);
    expect((await s.api("/api/public/order", bearer(first))).status).toBe(401);
    await handedOut(second, filmId);
  });

  it("stops every media and zip link the code handed out once the customer added the rolls", async () => {
    const email = `${randomUUID()}@example.com`;
    const { lab, orderId, filmId } = await scannedOrder(s, email);
    const { code } = (await s.api(`/api/orders/${orderId}/share?expiration=1440`, { method: "POST", token: lab.token })).body;
    const links = await handedOut(code, filmId);
    const customer = await accounts(s).photographer(email);
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);
    await refused(links);
    const after = await s.api("/api/public/order", bearer(code));
    expect(after.body).toMatchObject({ claimed: true, films: [] });
    expect((await s.api(`/api/public/order/download/${filmId}`, bearer(code))).status).toBe(404);
    // The customer's own links to the same scans are theirs, and work.
    const mine = await s.api(`/api/film/${filmId}`, { token: customer.token });
    expect((await fetch(`${s.base}${mine.body.shots[0].version.thumbnail_url}`)).status).toBe(200);
  });

  it("moves the rolls' scans with them: they stop counting against the lab and count against the customer", async () => {
    const email = `${randomUUID()}@example.com`;
    const { lab, orderId } = await scannedOrder(s, email);
    const labBefore = (await s.api("/api/user", { token: lab.token })).body.storage.used;
    expect(labBefore).toBeGreaterThan(0);
    const customer = await accounts(s).photographer(email);
    expect((await s.api("/api/user", { token: customer.token })).body.storage.used).toBe(0);
    const { code } = (await s.api(`/api/orders/${orderId}/share`, { method: "POST", token: lab.token })).body;
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);
    expect((await s.api("/api/user", { token: lab.token })).body.storage.used).toBe(0);
    expect((await s.api("/api/user", { token: customer.token })).body.storage.used).toBe(labBefore);
  });

  it("refuses the claim of scans beyond the customer's storage and moves nothing", async () => {
    const email = `${randomUUID()}@example.com`;
    const { lab, orderId, filmId } = await scannedOrder(s, email);
    // One byte more than the free plan's storage (a scan that large is no fixture to upload).
    await s.latent.db
      .updateTable("shots")
      .set({ size: PLANS.free.maxStorageBytes + 1 })
      .where("film_id", "=", filmId)
      .execute();
    const customer = await accounts(s).photographer(email);
    const { code } = (await s.api(`/api/orders/${orderId}/share`, { method: "POST", token: lab.token })).body;
    const full = await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } });
    expect(full.status).toBe(400);
    expect(full.body.error).toBe("not-enough-space");
    expect((await s.api(`/api/film/${filmId}`, { token: lab.token })).status).toBe(200);
    expect((await s.api("/api/film", { token: customer.token })).body).toEqual([]);
    expect((await s.api(`/api/orders/${orderId}`, { token: lab.token })).body.claimed_at).toBeNull();
  });

  it("reads the customer's current email, not the one an older access token still carries", async () => {
    const sub = randomUUID();
    const oldEmail = `old-${sub}@example.com`;
    const newEmail = `new-${sub}@example.com`;
    const password = "silver halide crystals";
    await s.latent.identity.accounts!.create({ id: sub, email: oldEmail, password, role: "user", locale: null, emailVerified: true });
    const token = await s.token({ sub, email: oldEmail, role: "user" });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    const toOld = await scannedOrder(s, oldEmail);
    const toNew = await scannedOrder(s, newEmail);

    const asked = await s.api("/api/account/email", { method: "POST", token, body: { new_email: newEmail, password } });
    expect(asked.status).toBe(202);
    const [mail] = await outboxTo(s, newEmail);
    const confirm = mail?.text.match(/\/auth\/email\/[A-Za-z0-9_-]+/)?.[0];
    expect(confirm).toBeTruthy();
    expect((await fetch(`${s.base}${confirm}`)).status).toBe(200);
    expect((await s.api("/api/account", { token })).body.email).toBe(newEmail);

    const claimWith = async (order: { lab: { token: string }; orderId: string }) => {
      const { code } = (await s.api(`/api/orders/${order.orderId}/share`, { method: "POST", token: order.lab.token })).body;
      return s.api("/api/orders/claim", { method: "POST", token, body: { code } });
    };
    const stale = await claimWith(toOld);
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe("order-not-yours");
    expect((await s.api(`/api/orders/${toOld.orderId}`, { token: toOld.lab.token })).body.claimed_at).toBeNull();
    expect((await claimWith(toNew)).status).toBe(200);
  });
});

describe.each(DATABASES)("who reaches a lab's orders on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("answers the lab, refuses another lab with 404, a photographer with 403 and anonymous with 401, and leaks nothing", async () => {
    const { lab, photographer } = accounts(s);
    const owner = await lab();
    const other = await lab();
    const customerEmail = `${randomUUID()}@example.com`;
    const customer = await photographer(customerEmail);
    const created = await s.api("/api/orders", {
      method: "POST",
      token: owner.token,
      body: { reference: "R-1", user_name: "Ana", user_email: customerEmail },
    });
    const id = created.body.id as string;
    // Any lab may make an order for any address: the order must not tell it whose account that address is.
    expect(created.body.user_id).toBeNull();
    const updated = await s.api(`/api/orders/${id}`, { method: "PUT", token: owner.token, body: { user_email: customerEmail } });
    expect(updated.body.user_id).toBeNull();

    const routes: { method: string; path: string; body?: unknown }[] = [
      { method: "GET", path: "/api/orders" },
      { method: "GET", path: `/api/orders/${id}` },
      { method: "PUT", path: `/api/orders/${id}`, body: { reference: "R-2" } },
      { method: "POST", path: `/api/orders/${id}/films`, body: roll },
      { method: "POST", path: `/api/orders/${id}/share` },
      { method: "POST", path: `/api/orders/${id}/send` },
      { method: "DELETE", path: `/api/orders/${id}` },
      { method: "GET", path: "/api/orders/clients?q=ana" },
      { method: "GET", path: "/api/labs/email_template" },
      { method: "PUT", path: "/api/labs/email_template", body: { subject: "s", body: "b" } },
    ];
    // A photographer's token given every scope is still no lab.
    const stretched = await s.token({ sub: customer.sub, email: customerEmail, role: "user", scopes: [...SCOPES] });
    for (const route of routes) {
      const as = (token?: string) => s.api(route.path, { method: route.method, token, body: route.body });
      expect((await as()).status, `${route.method} ${route.path} anonymous`).toBe(401);
      const photographerAnswer = await as(customer.token);
      expect(photographerAnswer.status, `${route.method} ${route.path} photographer`).toBe(403);
      expect(photographerAnswer.body.error).toBe("forbidden");
      const stretchedAnswer = await as(stretched);
      expect(stretchedAnswer.status, `${route.method} ${route.path} photographer with every scope`).toBe(403);
      expect(stretchedAnswer.body.error).toBe("labs-only");
      const foreign = await as(other.token);
      if (route.path.includes(id)) {
        expect(foreign.status, `${route.method} ${route.path} another lab`).toBe(404);
        expect(foreign.body.error).toBe("order-not-found");
      } else {
        expect(JSON.stringify(foreign.body)).not.toContain(id);
        expect(JSON.stringify(foreign.body)).not.toContain(customerEmail);
      }
    }
    // Still there, unchanged, for its lab.
    expect((await s.api(`/api/orders/${id}`, { token: owner.token })).body).toMatchObject({ reference: "R-1", status: "created" });

    // Client search: the lab's own earlier customers (who collected one of its orders); of anyone else, by exact
    // email, only that an account exists. Making an order for an address does not make its owner a customer.
    expect((await s.api(`/api/orders/clients?q=${customerEmail}`, { token: owner.token })).body).toEqual([
      { user_id: null, name: "", email: customerEmail },
    ]);
    const { code } = (await s.api(`/api/orders/${id}/share`, { method: "POST", token: owner.token })).body;
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);
    expect((await s.api(`/api/orders/clients?q=${customerEmail}`, { token: other.token })).body).toEqual([
      { user_id: null, name: "", email: customerEmail },
    ]);
    expect((await s.api(`/api/orders/clients?q=${customerEmail.toUpperCase()}`, { token: owner.token })).body).toEqual([
      { user_id: customer.sub, name: "Ana", email: customerEmail },
    ]);
    expect((await s.api(`/api/orders/clients?q=nobody-${customerEmail}`, { token: other.token })).body).toEqual([]);
    expect((await s.api("/api/orders/clients?q=ana", { token: owner.token })).body.map((c: { user_id: string }) => c.user_id)).toEqual([
      customer.sub,
    ]);
    expect((await s.api("/api/orders/clients?q=ana", { token: other.token })).body).toEqual([]);
    expect((await s.api("/api/orders/clients?q=%40example.com", { token: other.token })).body).toEqual([]);
  });

  it("answers bad order input with a 4xx and keeps an order's rolls to twenty", async () => {
    const owner = await accounts(s).lab();
    const bad = await s.api("/api/orders", {
      method: "POST",
      token: owner.token,
      body: { reference: "", user_name: "A", user_email: "not-an-email" },
    });
    expect(bad.status).toBe(400);
    const missing = await s.api(`/api/orders/${randomUUID()}`, { token: owner.token });
    expect(missing.body).toEqual({ error: "order-not-found", message: "Order not found" });
    expect((await s.api("/api/orders/not-a-uuid", { token: owner.token })).status).toBe(404);
    const { id } = (
      await s.api("/api/orders", {
        method: "POST",
        token: owner.token,
        body: { reference: "R", user_name: "A", user_email: "a@example.com" },
      })
    ).body;
    const empty = await s.api(`/api/orders/${id}/send`, { method: "POST", token: owner.token });
    expect(empty.status).toBe(409);
    expect(empty.body.error).toBe("order-empty");
    for (let i = 0; i < 20; i++)
      expect((await s.api(`/api/orders/${id}/films`, { method: "POST", token: owner.token, body: roll })).status).toBe(201);
    const over = await s.api(`/api/orders/${id}/films`, { method: "POST", token: owner.token, body: roll });
    expect(over.status).toBe(422);
    expect(over.body.error).toBe("order-rolls-limit");
    expect((await s.api(`/api/orders/${id}/share?expiration=0`, { method: "POST", token: owner.token })).status).toBe(400);
  });
});
