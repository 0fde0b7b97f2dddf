import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One call the fake received. */
export interface FakeShopifyRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeShopify {
  /** The base address, for SHOPIFY_API_URL (stands in for `https://{shop}`). */
  url: string;
  requests: FakeShopifyRequest[];
  /** The access token the next code exchange hands out. */
  readonly accessToken: string;
  /** Codes the fake accepts (as Shopify issues one per install redirect). */
  issueCode(): string;
  stop(): Promise<void>;
}

/**
 * A loopback fake of a Shopify shop for the app's two calls: the OAuth code exchange (`POST /admin/oauth/access_token`,
 * JSON body with client id, secret and code) and the Admin GraphQL API (`orders(first: N, …)`, answering `orders` of
 * the shop's newest first, in Shopify's JSON shape). It checks the app's credentials and the access token as
 * Shopify does, and records every request.
 */
export async function startFakeShopify(options: { clientId: string; clientSecret: string; orders: number }): Promise<FakeShopify> {
  const requests: FakeShopifyRequest[] = [];
  const codes = new Set<string>();
  const accessToken = `shpat_${randomBytes(16).toString("hex")}`;
  // The shop's orders, oldest first (#1001 is the first); the first has no customer account, only an order email.
  const orders = Array.from({ length: options.orders }, (_, i) => ({
    id: `gid://shopify/Order/${5_000_000 + i}`,
    name: `#${1001 + i}`,
    email: `customer${i + 1}@example.com`,
    phone: i % 2 === 0 ? `+3460000000${i % 10}` : null,
    customer: i === 0 ? null : { firstName: "Ana", lastName: `Shopper ${i + 1}`, email: `customer${i + 1}@example.com`, phone: null },
  }));

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {}
      const path = (req.url ?? "/").split("?")[0]!;
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const b = (body ?? {}) as Record<string, unknown>;
      if (req.method === "POST" && path === "/admin/oauth/access_token") {
        if (b.client_id !== options.clientId || b.client_secret !== options.clientSecret || !codes.delete(String(b.code)))
          return send(400, { error: "invalid_request", error_description: "The authorization code was not found or was already used" });
        return send(200, { access_token: accessToken, scope: "read_orders,read_customers" });
      }
      if (req.method === "POST" && path === "/admin/api/2025-07/graphql.json") {
        if (req.headers["x-shopify-access-token"] !== accessToken)
          return send(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
        const first = Number((b.variables as { first?: number } | undefined)?.first ?? 0);
        if (!String(b.query ?? "").includes("orders(first: $first, sortKey: CREATED_AT, reverse: true)"))
          return send(200, { errors: [{ message: "unexpected query" }] });
        const nodes = [...orders].reverse().slice(0, first);
        return send(200, {
          data: { orders: { nodes } },
          extensions: { cost: { requestedQueryCost: first + 2, actualQueryCost: nodes.length + 2 } },
        });
      }
      send(404, { errors: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accessToken,
    issueCode() {
      const code = randomBytes(16).toString("hex");
      codes.add(code);
      return code;
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
