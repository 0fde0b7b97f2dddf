import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_SECONDS } from "@latent/domain/lab-webhooks";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Lab webhooks out (issue 30), received by a real HTTP server on loopback that checks every request with the
 * Standard Webhooks project's own verifier: each event from the action that causes it, only to the endpoints of that
 * lab subscribed to it; retries on a clock the test moves; the endpoint turned off after days of failures, with a
 * mail; resend and test events; the addresses Latent refuses to call; one lab never reaching another's endpoints.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the official verifier said when the request arrived, at the server's clock. */
  verified: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are inspected field by field
  payload: any;
}

/** The Standard Webhooks verifier, run as if the receiver's clock read `atMs` (the server's controlled clock). */
function verifyAt(secret: string, body: string, headers: IncomingHttpHeaders, atMs: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: atMs });
  try {
    return new Webhook(secret).verify(body, headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

async function signIn(s: TestServer, role: "lab" | "user", email = `${randomUUID()}@example.com`) {
  const sub = randomUUID();
  const token = await s.token({ sub, email, role });
  if (role === "user") await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { sub, email, token };
}

describe.each(DATABASES)("lab webhooks on %s", (kind) => {
  let s: TestServer;
  /** A server as others run it: no loopback calls. */
  let prod: TestServer;
  let receiver: Server;
  let base: string;
  let clockMs = Date.now();
  const received: Received[] = [];
  /** Each path's secret (to verify) and the statuses it answers in turn (then 200). */
  const secrets = new Map<string, string>();
  const answers = new Map<string, number[]>();

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const path = req.url ?? "";
        let verified = false;
        try {
          verifyAt(secrets.get(path) ?? "whsec_AAAA", body, req.headers, clockMs);
          verified = true;
        } catch {}
        received.push({ path, headers: req.headers, body, verified, payload: JSON.parse(body) });
        res.statusCode = answers.get(path)?.shift() ?? 200;
        res.end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    s = await startServer(kind, { WEBHOOKS_ALLOW_LOOPBACK: "true" }, { webhookClock: () => new Date(clockMs) });
    prod = await startServer(kind);
  });
  afterAll(async () => {
    await s?.close();
    await prod?.close();
    receiver?.close();
  });

  const settle = () => s.latent.services.labWebhooks.drain();
  const at = (path: string) => received.filter((r) => r.path === path);
  /** Registers an endpoint at a fresh receiver path; answers its id, path and secret. */
  async function endpoint(token: string, events: readonly string[] = WEBHOOK_EVENT_TYPES, server = s) {
    const path = `/hook/${randomUUID()}`;
    const res = await server.api("/api/lab/webhooks", { method: "POST", token, body: { url: `${base}${path}`, events } });
    expect(res.status).toBe(201);
    secrets.set(path, res.body.secret);
    return { id: res.body.id as string, path, secret: res.body.secret as string };
  }
  const newOrder = async (token: string, email = `${randomUUID()}@example.com`) => {
    const res = await s.api("/api/orders", { method: "POST", token, body: { reference: "#W1", user_name: "Ana", user_email: email } });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const deliveries = async (token: string, id: string) => (await s.api(`/api/lab/webhooks/${id}/deliveries`, { token })).body;
  /**
   * Moves the clock to `ms` and sweeps; then waits until the endpoint's newest delivery has `attempts` attempts (the
   * minute's scheduled sweep may have taken it first, at the same clock).
   */
  async function sweepAt(ms: number, token: string, endpointId: string, attempts: number) {
    clockMs = ms;
    await s.latent.services.labWebhooks.deliverDue();
    await expect.poll(async () => (await deliveries(token, endpointId)).deliveries[0].attempts.length).toBe(attempts);
  }

  it("sends each event from the action that causes it, signed so the official verifier accepts every one, only to that lab's subscribed endpoints", async () => {
    const lab = await signIn(s, "lab");
    const other = await signIn(s, "lab");
    const all = await endpoint(lab.token);
    const createdOnly = await endpoint(lab.token, ["order.created"]);
    const others = await endpoint(other.token);
    const customerEmail = `${randomUUID()}@example.com`;
    // The clock moves a second between actions, so the log's newest-first order is the actions' order.
    const tick = () => {
      clockMs += 1000;
    };

    const order = await newOrder(lab.token, customerEmail);
    tick();
    expect((await s.api(`/api/orders/${order.id}/share`, { method: "POST", token: lab.token })).status).toBe(200);
    tick();
    const film = (await s.api(`/api/orders/${order.id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    await upload(s, lab.token, film.id, 1, await jpeg(320, 240));
    await waitForShots(s, lab.token, film.id, 1);
    tick();
    const { code } = (await s.api(`/api/orders/${order.id}/send`, { method: "POST", token: lab.token })).body;
    tick();
    const customer = await signIn(s, "user", customerEmail);
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);
    await settle();

    // The events of one action share its time and are sent at once, so they may arrive in either order: read them in
    // the order of their time, and by type within one time.
    const got = at(all.path).sort(
      (a, b) => a.payload.timestamp.localeCompare(b.payload.timestamp) || a.payload.type.localeCompare(b.payload.type),
    );
    expect(got.map((r) => r.payload.type)).toEqual([
      "order.created",
      "order.shared",
      "roll.status_changed",
      "scans.ready",
      "order.sent",
      "roll.status_changed",
      "order.collected",
    ]);
    expect(new Set(got.map((r) => r.payload.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got[0]!.payload.data).toEqual({ order: { id: order.id, reference: "#W1", status: "created", customer_email: customerEmail } });
    expect(got[6]!.payload.data.order).toMatchObject({ id: order.id, status: "collected" });
    expect(got[2]!.payload.data).toEqual({
      roll: { id: film.id, name: roll.name, status: "scanned", previous_status: null },
      order: { id: order.id, reference: "#W1" },
    });
    expect(got[5]!.payload.data.roll).toMatchObject({ id: film.id, status: "delivered", previous_status: "scanned" });
    for (const r of got) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(at(createdOnly.path).map((r) => r.payload.type)).toEqual(["order.created"]);
    expect(at(createdOnly.path)[0]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(at(others.path)).toEqual([]);

    const log = await deliveries(lab.token, all.id);
    expect(log.deliveries).toHaveLength(7);
    expect(log.deliveries.every((d: { status: string }) => d.status === "delivered")).toBe(true);
    expect(log.deliveries[0].type).toBe("order.collected");
    const list = (await s.api("/api/lab/webhooks", { token: lab.token })).body;
    expect(list.find((e: { id: string }) => e.id === all.id).last_delivery).toMatchObject({ status: "delivered", status_code: 200 });
    expect(JSON.stringify(list)).not.toContain(all.secret);
  });

  it("sends a store's imported order as created, the lab's steps of a roll, and a customer's roll sent to the lab, each as its status change", async () => {
    const lab = await signIn(s, "lab");
    await s.api("/api/labs", { method: "PUT", token: lab.token, body: { name: "Lab Webhooks" } });
    const hook = await endpoint(lab.token, ["order.created", "roll.status_changed", "scans.ready"]);
    const imported = await s.latent.services.orders.importOrder(
      lab.sub,
      { reference: "#S1", user_name: "Bea", user_email: "bea@example.com", user_phone: "" },
      "shopify",
      `shop-${randomUUID()}`,
    );
    const film = (await s.api(`/api/orders/${imported.id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    for (const status of ["received", "developed"]) {
      clockMs += 1000;
      expect((await s.api(`/api/lab/films/${film.id}/status`, { method: "POST", token: lab.token, body: { status } })).status).toBe(200);
    }
    const photographer = await signIn(s, "user");
    const own = (await s.api("/api/film", { method: "POST", token: photographer.token, body: roll })).body;
    const sent = await s.api(`/api/film/${own.id}/status`, {
      method: "POST",
      token: photographer.token,
      body: { status: "sent", lab_id: lab.sub },
    });
    expect(sent.status).toBe(200);
    await settle();
    const got = at(hook.path).map((r) => r.payload);
    expect(
      got.map((p) => [p.type, p.data.order?.reference ?? null, p.data.roll?.status ?? null, p.data.roll?.previous_status ?? null]),
    ).toEqual([
      ["order.created", "#S1", null, null],
      ["roll.status_changed", "#S1", "received", null],
      ["roll.status_changed", "#S1", "developed", "received"],
      ["roll.status_changed", null, "sent", null],
    ]);
    expect(got[3].data.roll).toMatchObject({ id: own.id, name: roll.name });
    expect(at(hook.path).every((r) => r.verified)).toBe(true);
  });

  it("writes an order's event in the order's own transaction: when the event cannot be written, the order is not made either", async () => {
    const lab = await signIn(s, "lab");
    await endpoint(lab.token, ["order.created"]);
    await sql
      .raw("create function webhook_outbox_down() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$")
      .execute(s.latent.db);
    await sql
      .raw("create trigger webhook_outbox_down before insert on lab_webhook_deliveries for each row execute function webhook_outbox_down()")
      .execute(s.latent.db);
    try {
      const res = await s.api("/api/orders", {
        method: "POST",
        token: lab.token,
        body: { reference: "#T1", user_name: "Ana", user_email: "ana@example.com" },
      });
      expect(res.status).toBe(500);
    } finally {
      await sql.raw("drop trigger webhook_outbox_down on lab_webhook_deliveries").execute(s.latent.db);
      await sql.raw("drop function webhook_outbox_down()").execute(s.latent.db);
    }
    expect(await s.latent.db.selectFrom("orders").select("id").where("lab_id", "=", lab.sub).execute()).toEqual([]);
    // With the outbox back, the same order is made, and its event goes out.
    await newOrder(lab.token);
    expect(await s.latent.db.selectFrom("orders").select("id").where("lab_id", "=", lab.sub).execute()).toHaveLength(1);
  });

  it("has the official verifier refuse a tampered body and a timestamp more than five minutes off", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    await newOrder(lab.token);
    await settle();
    const [r] = at(hook.path);
    expect(r!.verified).toBe(true);
    expect(() => verifyAt(hook.secret, r!.body, r!.headers, clockMs)).not.toThrow();
    expect(() => verifyAt(hook.secret, r!.body.replace("#W1", "#W2"), r!.headers, clockMs)).toThrow(/signature/i);
    expect(() => verifyAt(hook.secret, r!.body, r!.headers, clockMs + 6 * 60_000)).toThrow(/too old/i);
    expect(() => verifyAt(hook.secret, r!.body, r!.headers, clockMs - 6 * 60_000)).toThrow(/too new/i);
    expect(() => verifyAt(`whsec_${Buffer.alloc(24, 7).toString("base64")}`, r!.body, r!.headers, clockMs)).toThrow(/signature/i);
  });

  it("retries a failed delivery on the back-off schedule of the controlled clock, logging each attempt, until the receiver answers 2xx", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    answers.set(hook.path, [500, 500, 503]);
    const start = clockMs;
    await newOrder(lab.token);
    await settle();
    let [d] = (await deliveries(lab.token, hook.id)).deliveries;
    expect(d).toMatchObject({ status: "pending", next_attempt_at: new Date(start + 5000).toISOString() });
    expect(d.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500]);

    // Not due yet: nothing is tried.
    clockMs = start + 4000;
    expect(await s.latent.services.labWebhooks.deliverDue()).toBe(0);
    expect(WEBHOOK_RETRY_SECONDS.slice(0, 3)).toEqual([5, 5 * 60, 30 * 60]);
    await sweepAt(start + 5_000, lab.token, hook.id, 2);
    await sweepAt(start + 305_000, lab.token, hook.id, 3);
    await sweepAt(start + 2_105_000, lab.token, hook.id, 4);
    [d] = (await deliveries(lab.token, hook.id)).deliveries;
    expect(d.status).toBe("delivered");
    expect(d.next_attempt_at).toBeNull();
    expect(d.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 503, 200]);
    expect(d.attempts.map((a: { at: string }) => a.at)).toEqual(
      [0, 5, 5 + 300, 5 + 300 + 1800].map((sec) => new Date(start + sec * 1000).toISOString()),
    );
    const got = at(hook.path);
    expect(got).toHaveLength(4);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(got.map((r) => r.headers["webhook-timestamp"])).toEqual(
      [0, 5, 305, 2105].map((sec) => String(Math.floor((start + sec * 1000) / 1000))),
    );
  });

  it("gives a delivery up after its schedule, and turns off an endpoint failing for five days, mailing the lab in its language", async () => {
    const lab = await signIn(s, "lab");
    await s.api("/api/user", { method: "PUT", token: lab.token, body: { locale: "es-ES" } });
    const hook = await endpoint(lab.token, ["order.created"]);
    answers.set(hook.path, Array(100).fill(500));
    /** Sweeps at each retry time of a delivery made at `from`; answers when the last attempt was. */
    const exhaust = async (from: number) => {
      let t = from;
      for (const [i, wait] of WEBHOOK_RETRY_SECONDS.entries()) {
        t += wait * 1000;
        await sweepAt(t, lab.token, hook.id, i + 2);
      }
      return t;
    };
    const first = clockMs;
    await newOrder(lab.token);
    await settle();
    const end = await exhaust(first);
    expect(end - first).toBeGreaterThan(24 * 3600_000);
    let [d] = (await deliveries(lab.token, hook.id)).deliveries;
    expect(d.status).toBe("failed");
    expect(d.attempts).toHaveLength(WEBHOOK_RETRY_SECONDS.length + 1);
    expect(d.next_attempt_at).toBeNull();
    clockMs = end + 86_400_000;
    expect(await s.latent.services.labWebhooks.deliverDue()).toBe(0);
    // Failing for a day and a bit: still on.
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body[0]).toMatchObject({ enabled: true, disabled_reason: null });

    clockMs = first + 4 * 86_400_000;
    await newOrder(lab.token);
    await settle();
    await exhaust(clockMs);
    [d] = (await deliveries(lab.token, hook.id)).deliveries;
    expect(d.status).toBe("failed");
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body[0]).toMatchObject({ enabled: false, disabled_reason: "failing" });
    const mails = await s.latent.db.selectFrom("outbox").selectAll().where("to", "=", lab.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Latent ha desactivado");
    expect(mails[0]!.subject).toContain(`${base}${hook.path}`);

    // Off: new events are not written for it, and a test event is refused until the lab turns it on again.
    const before = at(hook.path).length;
    await newOrder(lab.token);
    await settle();
    expect(at(hook.path)).toHaveLength(before);
    expect((await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token })).body.error).toBe(
      "webhook-endpoint-disabled",
    );
    answers.set(hook.path, []);
    const on = await s.api(`/api/lab/webhooks/${hook.id}`, { method: "PUT", token: lab.token, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null });
    expect((await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token })).body.status).toBe("delivered");
  });

  it("resends an event with the same id, sends a test event to one endpoint, and signs with a rotated secret at once", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    const second = await endpoint(lab.token, ["order.created"]);
    await newOrder(lab.token);
    await settle();
    const [original] = (await deliveries(lab.token, hook.id)).deliveries;
    const again = await s.api(`/api/lab/webhooks/${hook.id}/deliveries/${original.id}/resend`, { method: "POST", token: lab.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: "delivered",
      event_id: original.event_id,
      type: "order.created",
      payload: original.payload,
    });
    expect(again.body.id).not.toBe(original.id);
    const got = at(hook.path);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(got[1]!.body).toBe(got[0]!.body);

    const test = await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token });
    expect(test.body).toMatchObject({ type: "webhook.test", status: "delivered" });
    expect(test.body.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })]);
    expect(at(hook.path).at(-1)!.payload).toMatchObject({ type: "webhook.test", data: { endpoint_id: hook.id } });
    expect(at(second.path)).toHaveLength(1);

    const rotated = await s.api(`/api/lab/webhooks/${hook.id}/secret`, { method: "POST", token: lab.token });
    expect(rotated.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token });
    const last = at(hook.path).at(-1)!;
    expect(last.verified).toBe(false);
    expect(() => verifyAt(rotated.body.secret, last.body, last.headers, clockMs)).not.toThrow();
    secrets.set(hook.path, rotated.body.secret);

    expect(
      (await s.api(`/api/lab/webhooks/${hook.id}/deliveries/${randomUUID()}/resend`, { method: "POST", token: lab.token })).body.error,
    ).toBe("webhook-delivery-not-found");
  });

  it("pages an endpoint's delivery log newest first", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    for (let i = 0; i < 5; i++) await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token });
    const one = (await s.api(`/api/lab/webhooks/${hook.id}/deliveries?limit=2`, { token: lab.token })).body;
    const two = (await s.api(`/api/lab/webhooks/${hook.id}/deliveries?limit=2&before=${one.next}`, { token: lab.token })).body;
    const three = (await s.api(`/api/lab/webhooks/${hook.id}/deliveries?limit=2&before=${two.next}`, { token: lab.token })).body;
    const ids = [...one.deliveries, ...two.deliveries, ...three.deliveries].map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(5);
    expect(three.next).toBeNull();
    const all = (await deliveries(lab.token, hook.id)).deliveries.map((d: { id: string }) => d.id);
    expect(ids).toEqual(all);
    expect((await s.api(`/api/lab/webhooks/${hook.id}/deliveries?before=nonsense`, { token: lab.token })).status).toBe(400);
  });

  it("refuses addresses a production server must not call: http, private, link-local, loopback and names resolving to them", async () => {
    const lab = await signIn(prod, "lab");
    const add = (url: string, server = prod, token = lab.token) =>
      server.api("/api/lab/webhooks", { method: "POST", token, body: { url, events: ["order.created"] } });
    for (const url of [
      "http://example.com/hook",
      `${base}/hook`,
      "https://10.0.0.1/hook",
      "https://192.168.1.20/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[::ffff:10.0.0.1]/hook",
      "https://100.64.0.1/hook",
      "https://[fd00::1]/hook",
      "https://0.0.0.0/hook",
      "https://localhost/hook",
      "ftp://example.com/hook",
      "not a url",
    ]) {
      const res = await add(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe("webhook-url-not-allowed");
    }
    expect((await add("https://localhost/hook")).body.message).toMatch(/loopback address/);
    expect((await add("https://169.254.169.254/")).body.message).toMatch(/linkLocal address/);
    expect((await add("http://example.com/")).body.message).toMatch(/https/);
    // Loopback allowed (tests and development) opens loopback only.
    const dev = await signIn(s, "lab");
    expect((await add("https://10.0.0.1/hook", s, dev.token)).status).toBe(400);
    expect((await add("http://192.168.0.1/hook", s, dev.token)).status).toBe(400);
    expect((await add(`${base}/fine`, s, dev.token)).status).toBe(201);
    expect((await prod.api("/api/lab/webhooks", { token: lab.token })).body).toEqual([]);
  });

  it("checks the address again at each delivery: one that now points inward is a failed attempt, never a call", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    await s.latent.db.updateTable("lab_webhook_endpoints").set({ url: "https://10.0.0.1/hook" }).where("id", "=", hook.id).execute();
    const test = await s.api(`/api/lab/webhooks/${hook.id}/test`, { method: "POST", token: lab.token });
    expect(test.body.status).toBe("pending");
    expect(test.body.attempts).toEqual([expect.objectContaining({ status_code: null, error: expect.stringMatching(/private address/) })]);
  });

  it(`registers at most ${MAX_WEBHOOK_ENDPOINTS} endpoints for a lab, even when they are all sent at once`, async () => {
    const lab = await signIn(s, "lab");
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 }, (_, i) =>
        s.api("/api/lab/webhooks", { method: "POST", token: lab.token, body: { url: `${base}/many/${i}`, events: ["order.created"] } }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    for (const res of answers.filter((res) => res.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("webhook-endpoints-limit");
    }
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it("answers resends, test events and new secrets asked while their endpoint is deleted with 404, never a failure", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    await newOrder(lab.token);
    await settle();
    const [delivery] = (await deliveries(lab.token, hook.id)).deliveries;
    const calls = Array.from({ length: 20 }, (_, i) =>
      i === 10
        ? s.api(`/api/lab/webhooks/${hook.id}`, { method: "DELETE", token: lab.token })
        : s.api(
            [
              `/api/lab/webhooks/${hook.id}/test`,
              `/api/lab/webhooks/${hook.id}/deliveries/${delivery.id}/resend`,
              `/api/lab/webhooks/${hook.id}/secret`,
            ][i % 3]!,
            { method: "POST", token: lab.token },
          ),
    );
    for (const res of await Promise.all(calls)) {
      expect([200, 204, 404], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 404) expect(res.body.error).toMatch(/^webhook-(endpoint|delivery)-not-found$/);
    }
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body).toEqual([]);
  });

  it("refuses a delivery log cursor Latent never gave with 400, whatever instant it names", async () => {
    const lab = await signIn(s, "lab");
    const hook = await endpoint(lab.token, ["order.created"]);
    for (const at of ["+275760-09-13T00:00:00.000Z", "-271821-04-20T00:00:00.000Z", "garbage"]) {
      const before = Buffer.from(`${at}|${randomUUID()}`).toString("base64url");
      const res = await s.api(`/api/lab/webhooks/${hook.id}/deliveries?before=${before}`, { token: lab.token });
      expect(res.status, at).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ error: "bad-request", message: expect.any(String) }));
    }
  });

  it("keeps a lab's endpoints and deliveries its own: another lab and a photographer reach none of them", async () => {
    const lab = await signIn(s, "lab");
    const other = await signIn(s, "lab");
    const photographer = await signIn(s, "user");
    const hook = await endpoint(lab.token, ["order.created"]);
    await newOrder(lab.token);
    await settle();
    const [delivery] = (await deliveries(lab.token, hook.id)).deliveries;
    expect((await s.api("/api/lab/webhooks", { token: other.token })).body).toEqual([]);
    const tries: [string, string, unknown?][] = [
      ["PUT", `/api/lab/webhooks/${hook.id}`, { enabled: false }],
      ["DELETE", `/api/lab/webhooks/${hook.id}`],
      ["POST", `/api/lab/webhooks/${hook.id}/secret`],
      ["GET", `/api/lab/webhooks/${hook.id}/deliveries`],
      ["POST", `/api/lab/webhooks/${hook.id}/deliveries/${delivery.id}/resend`],
      ["POST", `/api/lab/webhooks/${hook.id}/test`],
    ];
    for (const [method, path, body] of tries) {
      const res = await s.api(path, { method, token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("webhook-endpoint-not-found");
      expect((await s.api(path, { method, token: photographer.token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await s.api("/api/lab/webhooks", { token: photographer.token })).status).toBe(403);
    expect((await s.api("/api/lab/webhooks", {})).status).toBe(401);
    expect((await s.api(`/api/lab/webhooks/not-a-uuid/deliveries`, { token: lab.token })).status).toBe(404);
    // Still there, still on, one delivery: nothing the others did reached it.
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body).toEqual([
      expect.objectContaining({ id: hook.id, enabled: true }),
    ]);
    expect((await deliveries(lab.token, hook.id)).deliveries).toHaveLength(1);
    expect((await s.api(`/api/lab/webhooks/${hook.id}`, { method: "DELETE", token: lab.token })).status).toBe(204);
    expect((await s.api("/api/lab/webhooks", { token: lab.token })).body).toEqual([]);
  });
});
