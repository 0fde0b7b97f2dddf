import { createHash, randomBytes } from "node:crypto";
import { IDENTITY_SCOPES, SCOPES } from "@latent/domain/api";
import { expect } from "vitest";
import { cookieBrowser } from "./cookie-browser.ts";
import type { TestServer } from "./harness.ts";

/** Signing up and in through the embedded provider's own pages, as the web app's browser does (code + PKCE). */
export const DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
/** A browser-like client: keeps cookies, follows nothing by itself. */
export const browser = (base: string, userAgent = DESKTOP) => cookieBrowser(base, { userAgent });
export type Browser = ReturnType<typeof browser>;

const verifier = randomBytes(32).toString("base64url");
const challenge = createHash("sha256").update(verifier).digest("base64url");

export async function authorize(s: TestServer, b: Browser, extra: Record<string, string> = {}) {
  const config = (await s.api("/api/config")).body;
  const redirectUri = config.identity.authority.replace(/\/oidc$/, "/callback");
  const params = new URLSearchParams({
    client_id: config.identity.client_id,
    response_type: "code",
    scope: [...IDENTITY_SCOPES, "offline_access", ...SCOPES].join(" "),
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s",
    nonce: "n",
    ...extra,
  });
  const res = await b.request(`/oidc/authorize?${params}`);
  return { interaction: res.headers.get("location")!, redirectUri, clientId: config.identity.client_id as string };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

/** Follows the provider's redirects back to the web app and trades the code for tokens. */
export async function finish(s: TestServer, b: Browser, first: Response, redirectUri: string, clientId: string): Promise<Tokens> {
  let res = first;
  for (let hops = 0; hops < 5; hops++) {
    const location = res.headers.get("location");
    if (!location) throw new Error(`no redirect (${res.status})`);
    if (location.startsWith(redirectUri)) {
      const code = new URL(location).searchParams.get("code")!;
      const tokens = await fetch(`${s.base}/oidc/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: clientId,
        }),
      });
      expect(tokens.status).toBe(200);
      return (await tokens.json()) as Tokens;
    }
    res = await b.request(location);
  }
  throw new Error("no callback reached");
}

export async function signUp(s: TestServer, email: string, password = "correct horse battery") {
  const b = browser(s.base);
  const { interaction, redirectUri, clientId } = await authorize(s, b, { screen_hint: "signup" });
  const res = await b.form(`${interaction}/signup`, { email, password, role: "user" });
  expect(res.status).toBe(303);
  return { b, tokens: await finish(s, b, res, redirectUri, clientId) };
}

export async function signIn(s: TestServer, email: string, password: string, userAgent?: string) {
  const b = browser(s.base, userAgent);
  const { interaction, redirectUri, clientId } = await authorize(s, b);
  const res = await b.form(`${interaction}/login`, { email, password });
  return { b, res, interaction, next: (r: Response) => finish(s, b, r, redirectUri, clientId) };
}
