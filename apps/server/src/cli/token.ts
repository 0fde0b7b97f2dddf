/**
 * `npm run token -- --email E --role user|lab [--expires-in SECONDS]` prints an access token (embedded identity).
 * Talks to the running server when there is one (same PORT/DATA_DIR), else starts the app in-process.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { readDevSecret } from "../features/identity/provider/dev-token.routes.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string", default: "user" },
    "expires-in": { type: "string", default: "3600" },
    json: { type: "boolean", default: false },
  },
});
if (!values.email || !["user", "lab"].includes(values.role!)) {
  console.error("usage: npm run token -- --email you@example.com [--role user|lab] [--expires-in 3600] [--json]");
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
if (!config.identity.embedded) {
  console.error("npm run token works only with the embedded identity provider (OIDC_ISSUER is set).");
  process.exit(2);
}
const body = JSON.stringify({ email: values.email, role: values.role, expires_in: Number(values["expires-in"]) });

async function viaRunningServer(secret: string): Promise<unknown | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/auth/dev-token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-latent-dev-secret": secret },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`The server refused: ${res.status} ${await res.text()}`);
    return res.json();
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") return null;
    throw err;
  }
}

async function inProcess(): Promise<unknown> {
  const latent = await buildApp(config);
  try {
    const secret = await readDevSecret(config.dataDir);
    const res = await latent.app.inject({
      method: "POST",
      url: "/auth/dev-token",
      headers: { "content-type": "application/json", "x-latent-dev-secret": secret },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`Could not mint a token: ${res.statusCode} ${res.body}`);
    return res.json();
  } finally {
    await latent.close();
  }
}

const secret = await readDevSecret(config.dataDir).catch(() => "");
const result = (secret && (await viaRunningServer(secret))) || (await inProcess());
console.log(values.json ? JSON.stringify(result) : (result as { access_token: string }).access_token);
