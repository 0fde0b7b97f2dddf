import { createHmac, timingSafeEqual } from "node:crypto";
import { stringify } from "node:querystring";
import { z } from "zod";

/**
 * Shopify over plain `fetch` (decision 0014): the OAuth code exchange and one Admin GraphQL query are all the
 * product needs, so `@shopify/shopify-api` (sessions, its own HTTP layer, a runtime adapter) would add a dependency
 * and more surface than it saves. The API version is pinned here and moves with Shopify's quarterly releases.
 */
export const SHOPIFY_API_VERSION = "2025-07";

/** Scopes the app asks for: the orders and the customers they name (protected customer data, approved per app). */
export const SHOPIFY_SCOPES = "read_orders,read_customers";

/** A Shopify call that failed: `refused` when the shop no longer accepts our token, `unreachable` otherwise. */
export class ShopifyError extends Error {
  readonly kind: "refused" | "unreachable";
  constructor(kind: "refused" | "unreachable", message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The parameters of Shopify's redirect, each name once, or the first name that repeats. Shopify sends each once; a
 * repeated one would let the hmac cover one value while the callback uses another (`?code=theirs&<signed query>`).
 */
export function readShopifyQuery(rawQuery: string): { params: ReadonlyMap<string, string> } | { repeated: string } {
  const params = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (params.has(key)) return { repeated: key };
    params.set(key, value);
  }
  return { params };
}

/**
 * Checks the `hmac` Shopify adds to the browser's redirect: HMAC-SHA256 (hex) with the app's client secret over the
 * other parameters (without `hmac` and `signature`) sorted by name and query-encoded, as Shopify's own library does.
 * `params` are exactly those the callback then uses (readShopifyQuery).
 */
export function verifyShopifyHmac(params: ReadonlyMap<string, string>, clientSecret: string): boolean {
  const given = params.get("hmac");
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const rest: Record<string, string> = {};
  for (const [key, value] of [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (key !== "hmac" && key !== "signature") rest[key] = value;
  }
  const expected = createHmac("sha256", clientSecret).update(stringify(rest)).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

const AccessTokenSchema = z.looseObject({ access_token: z.string().min(1), scope: z.string().optional() });

const person = {
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
};
const ShopifyOrderSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  customer: z.looseObject(person).nullish(),
});
export type ShopifyOrder = z.infer<typeof ShopifyOrderSchema>;
const OrdersAnswerSchema = z.looseObject({
  data: z.looseObject({ orders: z.looseObject({ nodes: z.array(ShopifyOrderSchema) }) }).nullish(),
  errors: z.unknown().optional(),
});

const ORDERS_QUERY = `query LatentOrders($first: Int!) {
  orders(first: $first, sortKey: CREATED_AT, reverse: true) {
    nodes { id name email phone customer { firstName lastName email phone } }
  }
}`;

/** Shopify's OAuth exchange and Admin API for one app; `apiUrl` replaces `https://{shop}` (tests' fake). */
export function createShopifyAdmin(app: { clientId: string; clientSecret: string; apiUrl: string | null }, fetchFn: typeof fetch = fetch) {
  const base = (shop: string) => app.apiUrl ?? `https://${shop}`;

  async function call(url: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (err) {
      throw new ShopifyError("unreachable", `Shopify could not be reached: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 403) throw new ShopifyError("refused", `Shopify answered ${res.status}`);
    if (!res.ok) throw new ShopifyError("unreachable", `Shopify answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new ShopifyError("unreachable", "Shopify answered something other than JSON");
    }
  }

  return {
    /** Exchanges the code of an install's redirect for the shop's offline access token. */
    async exchangeCode(shop: string, code: string): Promise<string> {
      const answer = await call(`${base(shop)}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ client_id: app.clientId, client_secret: app.clientSecret, code }),
      });
      const parsed = AccessTokenSchema.safeParse(answer);
      if (!parsed.success) throw new ShopifyError("unreachable", "Shopify's token answer has no access_token");
      return parsed.data.access_token;
    },

    /** The shop's newest `first` orders, newest first. */
    async newestOrders(shop: string, token: string, first: number): Promise<ShopifyOrder[]> {
      const answer = await call(`${base(shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "x-shopify-access-token": token },
        body: JSON.stringify({ query: ORDERS_QUERY, variables: { first } }),
      });
      const parsed = OrdersAnswerSchema.safeParse(answer);
      // GraphQL reports refused access (missing scope, protected customer data) as errors beside a null `data`.
      if (!parsed.success || !parsed.data.data) {
        const detail = parsed.success ? JSON.stringify(parsed.data.errors ?? null).slice(0, 300) : "unexpected shape";
        throw new ShopifyError("unreachable", `Shopify's orders query failed: ${detail}`);
      }
      return parsed.data.data.orders.nodes;
    },
  };
}

export type ShopifyAdmin = ReturnType<typeof createShopifyAdmin>;
