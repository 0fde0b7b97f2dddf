import { createHmac, timingSafeEqual } from "node:crypto";

/** Events older (or further ahead) than this are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `Stripe-Signature` header of a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Both
 * adapters sign and check deliveries this way, so the webhook route cannot tell the sandbox from the provider.
 */
export function signWebhook(rawBody: Buffer | string, secret: string, timestamp: number): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureProblem = "missing" | "malformed" | "mismatch" | "too-old";

/** Checks a delivery's signature over its raw bytes; answers what is wrong, or null when it is good and recent. */
export function checkWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
): SignatureProblem | null {
  if (!header) return "missing";
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const given = parts.filter(([k, v]) => k === "v1" && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => Buffer.from(v!, "hex"));
  if (!Number.isInteger(t) || given.length === 0) return "malformed";
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex"), "hex");
  // Every v1 is compared (a secret being rolled gives two), in constant time.
  if (!given.some((g) => timingSafeEqual(g, expected))) return "mismatch";
  if (Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return "too-old";
  return null;
}
