import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { type IdTokenExpectations, validateIdToken } from "./id-token-validator.ts";

const ISSUER = "https://id.example/";
const CLIENT_ID = "latent-web";
const NOW = 1_800_000_000;

let providerKeys: JWK[];
let providerKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const provider = await generateKeyPair("RS256");
  providerKey = provider.privateKey;
  providerKeys = [{ ...(await exportJWK(provider.publicKey)), kid: "k1", alg: "RS256", use: "sig" }];
  strangerKey = (await generateKeyPair("RS256")).privateKey;
});

const claims = (overrides: Partial<JWTPayload> = {}): JWTPayload => ({
  iss: ISSUER,
  sub: "auth0|ana",
  aud: CLIENT_ID,
  nonce: "n-123",
  iat: NOW - 10,
  exp: NOW + 3600,
  ...overrides,
});

const sign = (payload: JWTPayload, key: CryptoKey = providerKey, kid = "k1") =>
  new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid }).sign(key);

const expectations = (overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations => ({
  issuer: ISSUER,
  clientId: CLIENT_ID,
  nonce: "n-123",
  organization: null,
  keys: async () => providerKeys,
  now: NOW,
  ...overrides,
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("validateIdToken", () => {
  it("accepts a well-formed RS256 token signed by the provider and returns its claims", async () => {
    await expect(validateIdToken(await sign(claims()), expectations())).resolves.toMatchObject({ sub: "auth0|ana" });
  });

  it("rejects a token that does not have three parts", async () => {
    await expect(validateIdToken("abc.def", expectations())).rejects.toThrow("ID token could not be decoded");
    await expect(validateIdToken("a.b.c", expectations())).rejects.toThrow("ID token could not be decoded");
  });

  it("rejects another issuer", async () => {
    const token = await sign(claims({ iss: "https://evil.example/" }));
    await expect(validateIdToken(token, expectations())).rejects.toThrow(/Issuer \(iss\) claim mismatch.*evil\.example/);
  });

  it("rejects a token without a subject", async () => {
    const token = await sign(claims({ sub: undefined }));
    await expect(validateIdToken(token, expectations())).rejects.toThrow("Subject (sub) claim must be a string present");
  });

  it("rejects any algorithm but RS256, unsigned tokens included", async () => {
    const hs = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).sign(new Uint8Array(32));
    await expect(validateIdToken(hs, expectations())).rejects.toThrow('Signature algorithm of "HS256" is not supported');
    const none = `${b64({ alg: "none" })}.${b64(claims())}.`;
    await expect(validateIdToken(none, expectations())).rejects.toThrow('Signature algorithm of "none" is not supported');
  });

  it("rejects a token signed by a key that is not the provider's", async () => {
    await expect(validateIdToken(await sign(claims(), strangerKey), expectations())).rejects.toThrow("Invalid ID token signature");
  });

  it("rejects a token whose claims were altered after signing", async () => {
    const [header, , signature] = (await sign(claims())).split(".");
    const forged = `${header}.${b64(claims({ sub: "auth0|mallory" }))}.${signature}`;
    await expect(validateIdToken(forged, expectations())).rejects.toThrow("Invalid ID token signature");
  });

  it("rejects a token meant for another client", async () => {
    const token = await sign(claims({ aud: "someone-else" }));
    await expect(validateIdToken(token, expectations())).rejects.toThrow(/Audience \(aud\) claim mismatch/);
  });

  it("with several audiences needs azp to be this client", async () => {
    const aud = [CLIENT_ID, "https://api.example/"];
    await expect(validateIdToken(await sign(claims({ aud })), expectations())).rejects.toThrow(
      "Authorized Party (azp) claim must be a string present",
    );
    await expect(validateIdToken(await sign(claims({ aud, azp: "other" })), expectations())).rejects.toThrow(
      /Authorized Party \(azp\) claim mismatch/,
    );
    await expect(validateIdToken(await sign(claims({ aud, azp: CLIENT_ID })), expectations())).resolves.toBeTruthy();
  });

  it("rejects a nonce other than the one sent, and a missing one", async () => {
    await expect(validateIdToken(await sign(claims({ nonce: "other" })), expectations())).rejects.toThrow(/Nonce \(nonce\) claim mismatch/);
    await expect(validateIdToken(await sign(claims({ nonce: undefined })), expectations())).rejects.toThrow(
      /Nonce \(nonce\) claim mismatch/,
    );
  });

  it("does not ask a refreshed token for a nonce", async () => {
    const token = await sign(claims({ nonce: undefined }));
    await expect(validateIdToken(token, expectations({ nonce: null }))).resolves.toBeTruthy();
  });

  it("needs exp and iat to be numbers", async () => {
    await expect(validateIdToken(await sign(claims({ exp: undefined })), expectations())).rejects.toThrow(
      "Expiration Time (exp) claim must be a number",
    );
    await expect(validateIdToken(await sign(claims({ iat: "yesterday" as never })), expectations())).rejects.toThrow(
      "Issued At (iat) claim must be a number",
    );
  });

  it("accepts an expired token within the 60 s leeway and rejects it after", async () => {
    await expect(validateIdToken(await sign(claims({ exp: NOW - 60 })), expectations())).resolves.toBeTruthy();
    await expect(validateIdToken(await sign(claims({ exp: NOW - 61 })), expectations())).rejects.toThrow(
      /Expiration Time \(exp\) claim error/,
    );
  });

  it("rejects a token issued more than 60 s in the future", async () => {
    await expect(validateIdToken(await sign(claims({ iat: NOW + 60 })), expectations())).resolves.toBeTruthy();
    await expect(validateIdToken(await sign(claims({ iat: NOW + 61 })), expectations())).rejects.toThrow(/Issued At \(iat\) claim error/);
  });

  it("respects nbf with the leeway", async () => {
    await expect(validateIdToken(await sign(claims({ nbf: NOW + 60 })), expectations())).resolves.toBeTruthy();
    await expect(validateIdToken(await sign(claims({ nbf: NOW + 61 })), expectations())).rejects.toThrow(/Not Before time \(nbf\) claim/);
  });

  it("needs the configured organization in org_id, and ignores org_id when none is configured", async () => {
    const org = expectations({ organization: "org_latent" });
    await expect(validateIdToken(await sign(claims()), org)).rejects.toThrow("Organization Id (org_id) claim must be a string present");
    await expect(validateIdToken(await sign(claims({ org_id: "org_other" })), org)).rejects.toThrow(
      /Organization Id \(org_id\) claim mismatch/,
    );
    await expect(validateIdToken(await sign(claims({ org_id: "org_latent" })), org)).resolves.toBeTruthy();
    await expect(validateIdToken(await sign(claims({ org_id: "org_other" })), expectations())).resolves.toBeTruthy();
  });
});
