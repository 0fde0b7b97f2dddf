import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One API call the fake received: method, path, and its form-encoded body or query, decoded into objects. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  authorization: string | undefined;
}

export interface FakeStripe {
  /** The API's address, for STRIPE_API_URL. */
  url: string;
  requests: FakeStripeRequest[];
  /** The calls to one method and path (`POST /v1/checkout/sessions`). */
  calls(method: string, path: string): FakeStripeRequest[];
  /** The objects the fake holds, by id (prices, customers, coupons, sessions). */
  objects: Map<string, Record<string, unknown>>;
  /**
   * Pays an open Checkout Session as Stripe would: answers the objects of the events Stripe then sends (the completed
   * session, the subscription with the session's `subscription_data`, its first invoice with the coupon applied).
   */
  complete(sessionId: string): {
    session: Record<string, unknown>;
    subscription: Record<string, unknown>;
    invoice: Record<string, unknown>;
  };
  /** Pays an open payment-mode session: answers the completed session (the one event Stripe then sends). */
  completePayment(sessionId: string): Record<string, unknown>;
  stop(): Promise<void>;
}

class StripeFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | undefined;
  constructor(status: number, code: string, message: string, param?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }
}

/**
 * Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects; a level whose keys are all indices becomes
 * an array, as the SDK encodes arrays.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    for (const [i, part] of path.entries()) {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[name] = value;
      else {
        node[name] ??= {};
        node = node[name] as Record<string, unknown>;
      }
    }
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== "object" || v === null) return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/**
 * A small fake of Stripe's REST API on 127.0.0.1, enough for the Stripe adapter: prices (list by lookup key,
 * create), customers (create, list by email, search), Checkout Sessions, Customer Portal sessions and coupons.
 * It answers Stripe's object shapes and error format, and records every request for the tests to read.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const newId = (prefix: string) => `${prefix}_fake${randomBytes(12).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const of = (type: string) => [...objects.values()].filter((o) => o.object === type);
  const list = (url: string, data: Record<string, unknown>[]) => ({ object: "list", url, has_more: false, data });
  const required = (params: Record<string, unknown>, name: string) => {
    if (params[name] === undefined || params[name] === "")
      throw new StripeFailure(400, "parameter_missing", `Missing required param: ${name}.`, name);
    return params[name] as string;
  };
  const save = <T extends Record<string, unknown>>(o: T) => {
    objects.set(o.id as string, o);
    return o;
  };
  const found = (id: string, type: string) => {
    const o = objects.get(id);
    if (o?.object !== type) throw new StripeFailure(404, "resource_missing", `No such ${type}: '${id}'`, "id");
    return o;
  };
  let base = "";
  // What each Checkout Session was created with (Stripe keeps it too, but answers line items only on request).
  const sessionParams = new Map<string, Record<string, unknown>>();

  const routes: Record<string, (params: Record<string, unknown>, id: string | undefined) => unknown> = {
    "GET /v1/prices": (p) => {
      const keys = (p.lookup_keys as string[] | undefined) ?? [];
      const found = of("price").filter((x) => (!keys.length || keys.includes(x.lookup_key as string)) && (p.active !== "true" || x.active));
      return list("/v1/prices", found.slice(0, Number(p.limit ?? 10)));
    },
    "POST /v1/prices": (p) => {
      const key = (p.lookup_key as string | undefined) ?? null;
      const taken = key ? of("price").find((x) => x.lookup_key === key) : undefined;
      if (taken && p.transfer_lookup_key !== "true") {
        throw new StripeFailure(400, "lookup_key_exists", `A price (\`${taken.id}\`) already uses that lookup key.`, "lookup_key");
      }
      if (taken) taken.lookup_key = null;
      const product = p.product_data
        ? save({ id: newId("prod"), object: "product", ...(p.product_data as object) })
        : { id: required(p, "product") };
      const recurring = p.recurring as { interval: string } | undefined;
      return save({
        id: newId("price"),
        object: "price",
        active: true,
        currency: required(p, "currency"),
        unit_amount: Number(required(p, "unit_amount")),
        lookup_key: key,
        product: product.id,
        type: recurring ? "recurring" : "one_time",
        recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
        metadata: p.metadata ?? {},
        created: now(),
      });
    },
    "GET /v1/customers": (p) =>
      list(
        "/v1/customers",
        of("customer")
          .filter((c) => !p.email || c.email === p.email)
          .slice(0, Number(p.limit ?? 10)),
      ),
    "GET /v1/customers/search": (p) => {
      const email = /email:['"]([^'"]+)['"]/.exec(String(p.query ?? ""))?.[1];
      return {
        object: "search_result",
        url: "/v1/customers/search",
        has_more: false,
        data: of("customer").filter((c) => c.email === email),
      };
    },
    "POST /v1/customers": (p) =>
      save({ id: newId("cus"), object: "customer", email: p.email ?? null, metadata: p.metadata ?? {}, created: now() }),
    "GET /v1/coupons/:id": (_, id) => {
      const coupon = objects.get(id!);
      if (coupon?.object !== "coupon") throw new StripeFailure(404, "resource_missing", `No such coupon: '${id}'`, "id");
      return coupon;
    },
    "POST /v1/coupons": (p) => {
      const id = (p.id as string | undefined) ?? newId("co");
      if (objects.has(id)) throw new StripeFailure(400, "resource_already_exists", "Coupon already exists.", "id");
      return save({
        id,
        object: "coupon",
        percent_off: p.percent_off === undefined ? null : Number(p.percent_off),
        amount_off: p.amount_off === undefined ? null : Number(p.amount_off),
        duration: required(p, "duration"),
        name: p.name ?? null,
        valid: true,
        created: now(),
      });
    },
    "POST /v1/checkout/sessions": (p) => {
      const mode = required(p, "mode");
      const lines = (p.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
      if (lines.length === 0) throw new StripeFailure(400, "parameter_missing", "Missing required param: line_items.", "line_items");
      for (const [i, line] of lines.entries()) {
        if (line.price && objects.get(line.price)?.object !== "price") {
          throw new StripeFailure(400, "resource_missing", `No such price: '${line.price}'`, `line_items[${i}][price]`);
        }
      }
      if (p.customer && objects.get(p.customer as string)?.object !== "customer") {
        throw new StripeFailure(400, "resource_missing", `No such customer: '${p.customer}'`, "customer");
      }
      const id = newId("cs_test");
      sessionParams.set(id, p);
      return save({
        id,
        object: "checkout.session",
        mode,
        status: "open",
        payment_status: "unpaid",
        customer: p.customer ?? null,
        customer_email: p.customer_email ?? null,
        client_reference_id: p.client_reference_id ?? null,
        success_url: required(p, "success_url"),
        cancel_url: p.cancel_url ?? null,
        metadata: p.metadata ?? {},
        url: `${base}/c/pay/${id}`,
        created: now(),
      });
    },
    "GET /v1/checkout/sessions/:id": (_, id) => found(id!, "checkout.session"),
    "POST /v1/checkout/sessions/:id/expire": (_, id) => {
      const session = found(id!, "checkout.session");
      if (session.status !== "open")
        throw new StripeFailure(400, "checkout_session_not_open", `Only Checkout Sessions with a status of open can be expired.`);
      return Object.assign(session, { status: "expired" });
    },
    "POST /v1/refunds": (p) => {
      const intent = required(p, "payment_intent");
      const session = [...objects.values()].find((o) => o.object === "checkout.session" && o.payment_intent === intent);
      if (!session) throw new StripeFailure(400, "resource_missing", `No such payment_intent: '${intent}'`, "payment_intent");
      if (session.refunded) throw new StripeFailure(400, "charge_already_refunded", `Charge for ${intent} has already been refunded.`);
      session.refunded = true;
      return save({ id: newId("re"), object: "refund", payment_intent: intent, amount: session.amount_total, status: "succeeded" });
    },
    "GET /v1/subscriptions/:id": (_, id) => found(id!, "subscription"),
    "DELETE /v1/subscriptions/:id": (_, id) => {
      const subscription = found(id!, "subscription");
      if (subscription.status === "canceled")
        throw new StripeFailure(400, "resource_invalid", "A canceled subscription can only update its cancellation_details.");
      return Object.assign(subscription, { status: "canceled", canceled_at: now() });
    },
    "POST /v1/billing_portal/sessions": (p) => {
      const customer = required(p, "customer");
      if (objects.get(customer)?.object !== "customer")
        throw new StripeFailure(400, "resource_missing", `No such customer: '${customer}'`, "customer");
      const id = newId("bps");
      return save({
        id,
        object: "billing_portal.session",
        customer,
        return_url: p.return_url ?? null,
        url: `${base}/p/session/${id}`,
        created: now(),
      });
    },
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const params = decodeStripeForm(req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : body);
    requests.push({ method: req.method ?? "GET", path: url.pathname, params, authorization: req.headers.authorization });
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      return answer(res, 401, { error: { type: "invalid_request_error", message: "You did not provide an API key." } });
    }
    const byId = /^(\/v1\/(?:coupons|checkout\/sessions|subscriptions))\/([^/]+)(\/expire)?$/.exec(url.pathname);
    const route = byId ? routes[`${req.method} ${byId[1]}/:id${byId[3] ?? ""}`] : routes[`${req.method} ${url.pathname}`];
    if (!route) {
      return answer(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
      });
    }
    try {
      answer(res, 200, route(params, byId ? decodeURIComponent(byId[2]!) : undefined));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer(res, error.status, {
        error: { type: "invalid_request_error", code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) },
      });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, { error: { type: "api_error", message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function complete(sessionId: string) {
    const session = objects.get(sessionId)!;
    const p = sessionParams.get(sessionId)!;
    const price = objects.get((p.line_items as { price: string }[])[0]!.price)!;
    const coupon = (p.discounts as { coupon: string }[] | undefined)?.[0]?.coupon;
    const percent = coupon ? Number(objects.get(coupon)?.percent_off ?? 0) : 0;
    const amount = price.unit_amount as number;
    const first = amount - Math.round((amount * percent) / 100);
    const start = now();
    const subscription = save({
      id: newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      cancel_at_period_end: false,
      currency: price.currency,
      metadata: (p.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            current_period_start: start,
            current_period_end: start + 30 * 86_400,
            price,
            quantity: 1,
          },
        ],
      },
      created: start,
    });
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id, amount_total: first });
    const invoice = save({
      id: newId("in"),
      object: "invoice",
      customer: session.customer,
      status: "paid",
      billing_reason: "subscription_create",
      currency: price.currency,
      amount_due: first,
      amount_paid: first,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      created: start,
    });
    return { session: { ...session }, subscription: structuredClone(subscription), invoice: { ...invoice } };
  }

  /** Pays an open payment-mode session (the shop's): the lines' own prices, no subscription, no invoice. */
  function completePayment(sessionId: string) {
    const session = objects.get(sessionId)!;
    const lines = sessionParams.get(sessionId)!.line_items as { price_data: { unit_amount: string; currency: string }; quantity: string }[];
    const total = lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0);
    const currency = lines[0]?.price_data.currency;
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: newId("pi"),
      subscription: null,
      amount_total: total,
      currency,
    });
    return { ...session };
  }

  return {
    url: base,
    complete,
    completePayment,
    requests,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    objects,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
