import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs everything embedded when nothing is set", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.identity.embedded).toBe(true);
    expect(c.identity.issuer).toBe("http://localhost:3000/oidc");
    expect(c.flags).toEqual({ labs: false, zip: false, tokens: false });
  });
  it("takes payments through the test-mode sandbox when no Stripe key is set", () => {
    expect(loadConfig({}).payments.provider).toBe("sandbox");
  });
  it("refuses to run the sandbox, which takes no money, where a Stripe key is set", () => {
    expect(() => loadConfig({ PAYMENTS: "sandbox", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/sandbox cannot run while STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS: "sandbox", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_API_URL: "http://127.0.0.1:12111" })).toThrow(/STRIPE_API_URL/);
  });
  it("takes payments through Stripe when both of its keys are set, and refuses one without the other", () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_live_x",
      webhookSecret: "whsec_x",
      api: null,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(/both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENTS: "stripe" })).toThrow(ConfigError);
  });
  it("points the Stripe SDK at another API address for tests and proxies", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_API_URL: "http://127.0.0.1:12111" };
    expect(loadConfig(env).payments).toMatchObject({ api: { protocol: "http", host: "127.0.0.1", port: 12111 } });
    expect(() => loadConfig({ ...env, STRIPE_API_URL: "ftp://x" })).toThrow(/STRIPE_API_URL/);
  });
  it("switches to an external provider when OIDC_ISSUER is set", () => {
    const c = loadConfig({ OIDC_ISSUER: "https://id.example.com/", OIDC_AUDIENCE: "https://api.example.com" });
    expect(c.identity.embedded).toBe(false);
    expect(c.identity.audience).toBe("https://api.example.com");
  });
  it("turns on the listed feature flags", () => {
    expect(loadConfig({ FEATURE_FLAGS: "labs, tokens" }).flags).toEqual({ labs: true, zip: false, tokens: true });
  });
  it("names no app-store page until the operator sets one, so phones stay in the web app", () => {
    expect(loadConfig({}).appStoreUrls).toEqual({ ios: null, android: null });
    const ios = "https://apps.apple.com/app/latent/id123";
    expect(loadConfig({ APP_STORE_URL_IOS: ios }).appStoreUrls).toEqual({ ios, android: null });
    expect(() => loadConfig({ APP_STORE_URL_ANDROID: "javascript:alert(1)" })).toThrow(/APP_STORE_URL_ANDROID/);
  });
  it("stops with a list of every bad value", () => {
    expect(() => loadConfig({ PORT: "lots", REGISTRATION_OPEN: "maybe" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "lots", REGISTRATION_OPEN: "maybe" });
    } catch (err) {
      expect(String((err as Error).message)).toMatch(/PORT[\s\S]*REGISTRATION_OPEN/);
    }
    expect(() => loadConfig({ FEATURE_FLAGS: "labs,teleport" })).toThrow(/teleport/);
  });
});
