import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/**
 * An external identity provider on loopback (discovery, authorize, token, JWKS) that hands out an ID token of the
 * wrong issuer. The web app is pointed at it by rewriting its runtime settings (`/api/config`), so no second Latent
 * server is needed: the ID token is checked by the client (spec §5), and the API is never reached.
 */
async function startBadProvider() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const nonces = new Map<string, string>();
  const authorizeRequests: URLSearchParams[] = [];
  let issuer = "";

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Access-Control-Allow-Origin": "*", "Content-Type": "application/json", ...headers });
    res.end(body === null ? undefined : JSON.stringify(body));
  };
  const form = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let text = "";
      req.on("data", (chunk) => {
        text += chunk;
      });
      req.on("end", () => resolve(new URLSearchParams(text)));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (req.method === "OPTIONS") {
      return send(res, 204, null, { "Access-Control-Allow-Headers": "*", "Access-Control-Allow-Methods": "GET, POST" });
    }
    if (url.pathname === "/.well-known/openid-configuration") {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/oauth/token`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        response_types_supported: ["code"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (url.pathname === "/.well-known/jwks.json") return send(res, 200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      // Signed in at once: back to the app with a code that remembers the nonce sent.
      authorizeRequests.push(url.searchParams);
      const code = crypto.randomUUID();
      nonces.set(code, url.searchParams.get("nonce") ?? "");
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/oauth/token" && req.method === "POST") {
      const body = await form(req);
      const idToken = await new SignJWT({ sub: "ext|ana", nonce: nonces.get(body.get("code") ?? "") })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer("https://impostor.example/")
        .setAudience(body.get("client_id") ?? "")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(privateKey);
      return send(res, 200, { id_token: idToken, access_token: "opaque", token_type: "Bearer", expires_in: 3600 });
    }
    send(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, authorizeRequests, close: () => new Promise((resolve) => server.close(resolve)) };
}

// The server under test runs the embedded provider, so its Content-Security-Policy lets the browser reach only itself;
// a server configured with OIDC_ISSUER allows that provider too (security-headers.ts, tested in the API suite).
// The provider here is faked on the client side, so the browser is told to ignore the policy, as it is not this one's.
test.use({ bypassCSP: true });

test("a sign-in whose ID token names another issuer is refused, with the reason shown", async ({ page }) => {
  const provider = await startBadProvider();
  try {
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      const settings = await response.json();
      settings.identity = { ...settings.identity, authority: provider.issuer, embedded: false };
      await route.fulfill({ response, json: settings });
    });

    await page.goto("/u/films");
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("error") === "invalid_id_token");
    await expect(page.getByRole("alert")).toContainText(
      `Issuer (iss) claim mismatch in the ID token; expected "${provider.issuer}", found "https://impostor.example/"`,
    );
    const [authorize] = provider.authorizeRequests;
    expect(authorize?.get("response_mode")).toBe("query");
    expect(authorize?.get("nonce")).toMatch(/^[\w-]{43}$/);
    // Nobody was signed in by it.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("oidc.user")))).toEqual([]);
  } finally {
    await provider.close();
  }
});
