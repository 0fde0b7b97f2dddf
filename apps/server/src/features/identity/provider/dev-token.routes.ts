import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../../platform/http/app-error.ts";
import type { Accounts } from "../accounts.ts";
import type { TokenMinter } from "./access-tokens.ts";

const DEV_SECRET_FILE = "dev-token-secret";

/** The secret `npm run token` proves it runs on this machine with: a file only local users can read. */
export async function ensureDevSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, DEV_SECRET_FILE);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    await writeFile(file, secret, { mode: 0o600, flag: "wx" }).catch(() => undefined);
    return (await readFile(file, "utf8")).trim();
  }
}

export function readDevSecret(dataDir: string): Promise<string> {
  return readFile(join(dataDir, DEV_SECRET_FILE), "utf8").then((s) => s.trim());
}

const BodySchema = z.object({
  email: z.email(),
  role: z.enum(["user", "lab"]).default("user"),
  expires_in: z
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(3600),
});

/** POST /auth/dev-token: an access token for an account (created if needed), for scripts and benchmarks. */
export function devTokenRoutes(app: FastifyInstance, deps: { accounts: Accounts; mint: TokenMinter; secret: string }) {
  app.post("/auth/dev-token", { schema: { hide: true, body: BodySchema } }, async (request) => {
    const given = Buffer.from(String(request.headers["x-latent-dev-secret"] ?? ""));
    const expected = Buffer.from(deps.secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("forbidden");
    const body = request.body as z.infer<typeof BodySchema>;
    let account = await deps.accounts.findByEmail(body.email);
    if (!account) {
      account = await deps.accounts.create({
        id: randomUUID(),
        email: body.email,
        password: randomBytes(24).toString("base64url"),
        role: body.role,
        locale: null,
        emailVerified: true,
      });
      account ??= await deps.accounts.findByEmail(body.email);
    }
    if (!account) throw new AppError("account-not-created");
    const token = await deps.mint({ sub: account.id, email: account.email, role: account.role, expiresIn: body.expires_in });
    return { access_token: token, token_type: "Bearer", expires_in: body.expires_in, sub: account.id, role: account.role };
  });
}
