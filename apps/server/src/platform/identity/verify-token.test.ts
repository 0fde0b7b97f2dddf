import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type AccountTokenState, createTokenVerifier, type TokenVerifier } from "./verify-token.ts";

const ISSUER = "https://id.latent.example/";
const AUDIENCE = "https://api.latent.example";
const ROLES_CLAIM = "https://latent.example/roles";

describe("access token checks", () => {
  // The private key as a JWK: the same RSA key signs RS256 and, forged, PS256.
  let privateJwk: JWK;
  // As some providers publish them: no `alg`, so the key alone would let any RSA algorithm through.
  let publicJwk: JWK;
  beforeAll(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateJwk = await exportJWK(pair.privateKey);
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", use: "sig" };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const verifier = (accountState?: AccountTokenState): TokenVerifier =>
    createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      rolesClaim: ROLES_CLAIM,
      jwks: async () => ({ keys: [publicJwk] }),
      accountState,
    });
  const sign = async (
    o: {
      alg?: string;
      issuer?: string;
      audience?: string;
      exp?: number;
      iat?: number;
      subject?: string;
      claims?: Record<string, unknown>;
    } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: "openid read:film write:film", [ROLES_CLAIM]: ["LatentLab"], email: "lab@example.com", ...o.claims })
      .setProtectedHeader({ alg: o.alg ?? "RS256", kid: "k1" })
      .setIssuer(o.issuer ?? ISSUER)
      .setAudience(o.audience ?? AUDIENCE)
      .setSubject(o.subject ?? "provider|42")
      .setIssuedAt(o.iat ?? now)
      .setExpirationTime(o.exp ?? now + 600)
      .sign(await importJWK(privateJwk, o.alg ?? "RS256"));
  };

  it("accepts a token of the provider's key, issuer and audience, with its subject, role and scopes", async () => {
    const caller = await verifier()(await sign());
    expect(caller).toMatchObject({ sub: "provider|42", role: "lab", email: "lab@example.com" });
    expect([...caller.scopes]).toEqual(["openid", "read:film", "write:film"]);
  });

  it("reads what the claims say and nothing else: a role given as one string, no scope, no name, an unconfirmed email", async () => {
    const caller = await verifier()(
      await sign({
        claims: { [ROLES_CLAIM]: "LatentLab", scope: undefined, email: 42, name: "Ana", locale: "ca-ES", email_verified: "yes" },
      }),
    );
    expect(caller).toMatchObject({ role: "lab", email: null, name: "Ana", locale: "ca-ES", emailVerified: false, grantId: null });
    expect(caller.scopes.size).toBe(0);
    const plain = await verifier()(await sign({ claims: { [ROLES_CLAIM]: ["LatentUser"], email_verified: true, gid: "grant-1" } }));
    expect(plain).toMatchObject({ role: "user", name: null, locale: null, emailVerified: true, grantId: "grant-1" });
  });

  it("refuses a token without a subject", async () => {
    await expect(verifier()(await sign({ subject: "" }))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("asks the embedded provider about the account on every use: a signed-out session, a password changed since", async () => {
    let state: Awaited<ReturnType<AccountTokenState>> = { emailVerified: true, tokensValidAfter: null, grantAlive: true };
    const asked: (string | null)[] = [];
    const verify = verifier(async (_sub, grant) => {
      asked.push(grant);
      return state;
    });
    const session = await sign({ claims: { gid: "g1", email_verified: false } });
    expect((await verify(session)).emailVerified).toBe(true);
    state = { ...state, grantAlive: false };
    await expect(verify(session)).rejects.toMatchObject({ code: "unauthorized" });
    state = { ...state, grantAlive: null };
    await expect(verify(session)).rejects.toMatchObject({ code: "unauthorized" });
    expect(asked).toEqual(["g1", "g1", "g1"]);

    // A token without a session (a dev token) stops at a password change, counted in whole seconds.
    const iat = Math.floor(Date.now() / 1000) - 100;
    const devToken = await sign({ iat });
    state = { emailVerified: false, tokensValidAfter: new Date(iat * 1000 + 999), grantAlive: null };
    expect((await verify(devToken)).emailVerified).toBe(false);
    state = { ...state, tokensValidAfter: new Date((iat + 1) * 1000) };
    await expect(verify(devToken)).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses a session's token once its account is gone, and takes a dev token for a subject without an account", async () => {
    const verify = verifier(async () => undefined);
    await expect(verify(await sign({ claims: { gid: "g1" } }))).rejects.toMatchObject({ code: "unauthorized" });
    expect((await verify(await sign({ claims: { email_verified: true } }))).emailVerified).toBe(true);
  });

  it("refuses a token signed with the right key for the right audience by another issuer", async () => {
    await expect(verifier()(await sign({ issuer: "https://id.elsewhere.example/" }))).rejects.toMatchObject({ code: "unauthorized" });
    await expect(verifier()(await sign({ audience: "https://api.elsewhere.example" }))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("refuses an algorithm other than RS256 even when the provider's key does not name one (PS256)", async () => {
    expect(publicJwk.alg).toBeUndefined();
    await expect(verifier()(await sign({ alg: "PS256" }))).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("stops taking a cached token 60 seconds after it expires, and not before", async () => {
    const verify = verifier();
    const start = Date.now();
    const exp = Math.floor(start / 1000) + 120;
    const token = await sign({ exp });
    expect((await verify(token)).sub).toBe("provider|42");
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    vi.setSystemTime(exp * 1000 + 30_000);
    expect((await verify(token)).sub).toBe("provider|42");
    vi.setSystemTime(exp * 1000 + 61_000);
    await expect(verify(token)).rejects.toMatchObject({ code: "token-expired" });
  });
});
