import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs everything embedded when nothing is set", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.identity.embedded).toBe(true);
    expect(c.identity.issuer).toBe("http://localhost:3000/oidc");
    expect(c.flags).toEqual({ labs: true, zip: true, tokens: true });
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
  it("quotes shipping from the embedded table, from Spain, when Shippo is not configured", () => {
    const shipping = loadConfig({}).shipping;
    expect(shipping).toMatchObject({ kind: "table", fromCountry: "ES", table: { carrier: "Correos" } });
    expect(loadConfig({ SHIPPING_FROM_COUNTRY: "PT" }).shipping).toMatchObject({ kind: "table", fromCountry: "PT" });
    expect(() => loadConfig({ SHIPPING_FROM_COUNTRY: "es" })).toThrow(/SHIPPING_FROM_COUNTRY/);
    expect(() => loadConfig({ SHIPPING_FROM_COUNTRY: "ESP" })).toThrow(ConfigError);
  });
  it("takes a rate table from SHIPPING_RATE_TABLE, and stops on one that is not valid JSON or not a table", () => {
    const service = {
      service: "letter",
      name: "Letter",
      estimated_days: 3,
      brackets: [{ up_to_grams: 100, price: { eur: 150, usd: 170 } }],
    };
    const table = { carrier: "Post", zones: { domestic: [service], eu: [service], world: [] } };
    expect(loadConfig({ SHIPPING_RATE_TABLE: JSON.stringify(table) }).shipping).toMatchObject({ kind: "table", table });
    expect(() => loadConfig({ SHIPPING_RATE_TABLE: "{nope" })).toThrow(/SHIPPING_RATE_TABLE: must be valid JSON/);
    expect(() => loadConfig({ SHIPPING_RATE_TABLE: JSON.stringify({ carrier: "Post", zones: { domestic: [] } }) })).toThrow(
      /SHIPPING_RATE_TABLE\.zones\.eu/,
    );
    const floats = { ...service, brackets: [{ up_to_grams: 100, price: { eur: 1.5, usd: 170 } }] };
    expect(() => loadConfig({ SHIPPING_RATE_TABLE: JSON.stringify({ ...table, zones: { ...table.zones, eu: [floats] } }) })).toThrow(
      /SHIPPING_RATE_TABLE\.zones\.eu\.0\.brackets\.0\.price\.eur/,
    );
    const unsorted = {
      ...service,
      brackets: [
        { up_to_grams: 500, price: { eur: 1, usd: 1 } },
        { up_to_grams: 100, price: { eur: 1, usd: 1 } },
      ],
    };
    expect(() => loadConfig({ SHIPPING_RATE_TABLE: JSON.stringify({ ...table, zones: { ...table.zones, world: [unsorted] } }) })).toThrow(
      /light to heavy/,
    );
  });
  it("quotes shipping through Shippo when its key is set, from the shop's address, which it then requires", () => {
    const from = { line1: "Carrer de Pelai 9", city: "Barcelona", postal_code: "08001", country: "ES" };
    const env = { SHIPPO_API_KEY: "shippo_live_x", SHIPPO_FROM_ADDRESS: JSON.stringify(from) };
    expect(loadConfig(env).shipping).toEqual({
      kind: "shippo",
      apiKey: "shippo_live_x",
      apiUrl: null,
      from: { ...from, line2: "", state: "", phone: "", vat: "" },
    });
    expect(loadConfig({ ...env, SHIPPO_API_URL: "http://127.0.0.1:8080" }).shipping).toMatchObject({ apiUrl: "http://127.0.0.1:8080" });
    expect(() => loadConfig({ SHIPPO_API_KEY: "shippo_live_x" })).toThrow(/SHIPPO_FROM_ADDRESS: Shippo needs the shop's address/);
    expect(() => loadConfig({ ...env, SHIPPO_FROM_ADDRESS: "not json" })).toThrow(/SHIPPO_FROM_ADDRESS: must be valid JSON/);
    expect(() => loadConfig({ ...env, SHIPPO_FROM_ADDRESS: JSON.stringify({ ...from, country: "Spain" }) })).toThrow(
      /SHIPPO_FROM_ADDRESS\.country/,
    );
    expect(() => loadConfig({ ...env, SHIPPO_API_URL: "ftp://x" })).toThrow(/SHIPPO_API_URL/);
    expect(() => loadConfig({ ...env, SHIPPING_FROM_COUNTRY: "FR" })).toThrow(/SHIPPING_FROM_COUNTRY: differs/);
    expect(() => loadConfig({ ...env, SHIPPING_RATE_TABLE: "{}" })).toThrow(ConfigError);
  });
  it("refuses Shippo's other settings without its key, rather than ignoring them", () => {
    expect(() => loadConfig({ SHIPPO_API_URL: "http://127.0.0.1:8080" })).toThrow(/SHIPPO_API_URL: only used by the Shippo adapter/);
    expect(() => loadConfig({ SHIPPO_FROM_ADDRESS: JSON.stringify({ line1: "x", city: "y", postal_code: "1", country: "ES" }) })).toThrow(
      /SHIPPO_FROM_ADDRESS: only used by the Shippo adapter/,
    );
  });
  it("leaves Shopify off until both its client id and secret are set, and refuses one without the other", () => {
    expect(loadConfig({}).shopify).toBeNull();
    const env = { SHOPIFY_CLIENT_ID: "client-id", SHOPIFY_CLIENT_SECRET: "client-secret" };
    expect(loadConfig(env).shopify).toEqual({ clientId: "client-id", clientSecret: "client-secret", apiUrl: null });
    expect(loadConfig({ ...env, SHOPIFY_API_URL: "http://127.0.0.1:8080/" }).shopify).toMatchObject({ apiUrl: "http://127.0.0.1:8080" });
    expect(() => loadConfig({ SHOPIFY_CLIENT_ID: "client-id" })).toThrow(/both SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET/);
    expect(() => loadConfig({ SHOPIFY_CLIENT_SECRET: "client-secret" })).toThrow(/both SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET/);
    expect(() => loadConfig({ SHOPIFY_API_URL: "http://127.0.0.1:8080" })).toThrow(/SHOPIFY_API_URL: only used with/);
    expect(() => loadConfig({ ...env, SHOPIFY_API_URL: "ftp://x" })).toThrow(/SHOPIFY_API_URL/);
  });
  it("switches to an external provider when OIDC_ISSUER is set", () => {
    const c = loadConfig({ OIDC_ISSUER: "https://id.example.com/", OIDC_AUDIENCE: "https://api.example.com" });
    expect(c.identity.embedded).toBe(false);
    expect(c.identity.audience).toBe("https://api.example.com");
  });
  it("turns every feature flag on when nothing is set, and off the ones named with a minus", () => {
    expect(loadConfig({}).flags).toEqual({ labs: true, zip: true, tokens: true });
    expect(loadConfig({ FEATURE_FLAGS: "-tokens" }).flags).toEqual({ labs: true, zip: true, tokens: false });
    expect(loadConfig({ FEATURE_FLAGS: " -labs, -zip " }).flags).toEqual({ labs: false, zip: false, tokens: true });
    expect(loadConfig({ FEATURE_FLAGS: "labs, tokens" }).flags).toEqual({ labs: true, zip: true, tokens: true });
    expect(() => loadConfig({ FEATURE_FLAGS: "-teleport" })).toThrow(/teleport/);
  });
  it("names no app-store page until the operator sets one, so phones stay in the web app", () => {
    expect(loadConfig({}).appStoreUrls).toEqual({ ios: null, android: null });
    const ios = "https://apps.apple.com/app/latent/id123";
    expect(loadConfig({ APP_STORE_URL_IOS: ios }).appStoreUrls).toEqual({ ios, android: null });
    expect(() => loadConfig({ APP_STORE_URL_ANDROID: "javascript:alert(1)" })).toThrow(/APP_STORE_URL_ANDROID/);
  });
  it("runs every role by default, takes web or worker, and gives requests 25 s to finish on SIGTERM", () => {
    expect(loadConfig({})).toMatchObject({ role: "all", shutdownTimeoutMs: 25_000 });
    expect(loadConfig({ ROLE: "worker", SHUTDOWN_TIMEOUT_SECONDS: "5" })).toMatchObject({ role: "worker", shutdownTimeoutMs: 5_000 });
    expect(() => loadConfig({ ROLE: "api" })).toThrow(/ROLE/);
  });
  it("opens the mail viewer only with the outbox on a development machine (no SMTP_URL, PUBLIC_URL unset or loopback)", () => {
    expect(loadConfig({}).mail.devViewer).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:4100" }).mail.devViewer).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://[::1]:3000" }).mail.devViewer).toBe(true);
    expect(loadConfig({ SMTP_URL: "smtp://mail.example:587" }).mail.devViewer).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://latent.example" }).mail.devViewer).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "http://192.168.1.20:3000" }).mail.devViewer).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://localhost.example.com" }).mail.devViewer).toBe(false);
  });
  it("reports errors nowhere until a DSN is set, and gives the browser the server's DSN unless it has its own or is off", () => {
    expect(loadConfig({}).errorReports).toEqual({ serverDsn: null, webDsn: null, environment: "production" });
    const dsn = "https://a1b2c3@glitchtip.example/4";
    expect(loadConfig({ SENTRY_DSN: dsn }).errorReports).toEqual({ serverDsn: dsn, webDsn: dsn, environment: "production" });
    const web = "https://d4e5f6@o1.ingest.sentry.io/7";
    expect(loadConfig({ SENTRY_DSN: dsn, SENTRY_WEB_DSN: web, SENTRY_ENVIRONMENT: "staging" }).errorReports).toEqual({
      serverDsn: dsn,
      webDsn: web,
      environment: "staging",
    });
    expect(loadConfig({ SENTRY_DSN: dsn, SENTRY_WEB_DSN: "off" }).errorReports.webDsn).toBeNull();
    expect(() => loadConfig({ SENTRY_DSN: "https://glitchtip.example/4" })).toThrow(/SENTRY_DSN: must be a DSN/);
    expect(() => loadConfig({ SENTRY_DSN: "https://key@glitchtip.example/" })).toThrow(/SENTRY_DSN: must be a DSN/);
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
