import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";
import { InMemoryWebStorage, WebStorageStateStore } from "oidc-client-ts";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { IdTokenError } from "./id-token-error.ts";
import { LatentUserManager } from "./latent-user-manager.ts";

const ISSUER = "https://id.example/";
const CLIENT_ID = "latent-web";
const REDIRECT = "https://app.example/callback";

let key: CryptoKey;
let jwks: JWK[];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  key = pair.privateKey;
  jwks = [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" }];
});

afterEach(() => vi.unstubAllGlobals());

function manager(organization: string | null = null) {
  return new LatentUserManager(
    {
      authority: ISSUER,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      response_mode: "query",
      metadata: {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}authorize`,
        token_endpoint: `${ISSUER}oauth/token`,
        jwks_uri: `${ISSUER}.well-known/jwks.json`,
      },
      signingKeys: jwks as never,
      userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      stateStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      loadUserInfo: false,
    },
    organization,
  );
}

/** Starts a sign-in as signinRedirect would, and gives the URL the provider sends back to /callback. */
async function startSignIn(um: LatentUserManager, nonce = "n-1") {
  // biome-ignore lint/complexity/useLiteralKeys: a protected member, reached on purpose
  const request = await um["_client"].createSigninRequest({ request_type: "si:r", nonce, state: { returnTo: "/u/films" } });
  const url = new URL(request.url);
  expect(url.searchParams.get("nonce")).toBe(nonce);
  expect(url.searchParams.get("response_mode")).toBe("query");
  return `${REDIRECT}?code=the-code&state=${request.state.id}`;
}

const idToken = (overrides: Partial<JWTPayload> = {}) =>
  new SignJWT({ iss: ISSUER, sub: "auth0|ana", aud: CLIENT_ID, nonce: "n-1", ...overrides })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);

const tokens = async (overrides: Partial<JWTPayload> = {}) =>
  new Response(JSON.stringify({ id_token: await idToken(overrides), access_token: "at", token_type: "Bearer", expires_in: 3600 }), {
    headers: { "Content-Type": "application/json" },
  });

describe("LatentUserManager", () => {
  it("signs in with an ID token that passes every check", async () => {
    const um = manager();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens()),
    );
    const user = await um.signinRedirectCallback(await startSignIn(um));
    expect(user.profile.sub).toBe("auth0|ana");
    expect((await um.getUser())?.access_token).toBe("at");
  });

  it("refuses an ID token of another issuer and stores no user", async () => {
    const um = manager();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens({ iss: "https://evil.example/" })),
    );
    const callback = await startSignIn(um);
    await expect(um.signinRedirectCallback(callback)).rejects.toThrow(IdTokenError);
    expect(await um.getUser()).toBeNull();
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const um = manager();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens({ nonce: "replayed" })),
    );
    await expect(um.signinRedirectCallback(await startSignIn(um))).rejects.toThrow(/nonce/i);
  });

  it("refuses an ID token without the configured organization", async () => {
    const um = manager("org_latent");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens({ org_id: "org_other" })),
    );
    await expect(um.signinRedirectCallback(await startSignIn(um))).rejects.toThrow(/org_id/);
  });

  it("tries the code exchange again when the network fails, up to 3 times", async () => {
    const um = manager();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(async () => tokens());
    vi.stubGlobal("fetch", fetch);
    await expect(um.signinRedirectCallback(await startSignIn(um))).resolves.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(3);

    const down = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", down);
    await expect(um.signinRedirectCallback(await startSignIn(um))).rejects.toThrow("Failed to fetch");
    expect(down).toHaveBeenCalledTimes(3);
  });

  it("tries a refresh again when the network fails, and checks the new ID token it brings", async () => {
    const um = manager();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens()),
    );
    await um.signinRedirectCallback(await startSignIn(um));
    const stored = await um.getUser();
    stored!.refresh_token = "rt";
    await um.storeUser(stored);

    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(async () => tokens({ nonce: undefined, sub: "auth0|ana" }));
    vi.stubGlobal("fetch", fetch);
    await expect(um.signinSilent()).resolves.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => tokens({ nonce: undefined, aud: "someone-else" })),
    );
    await expect(um.signinSilent()).rejects.toThrow(/Audience \(aud\)/);
  });
});
