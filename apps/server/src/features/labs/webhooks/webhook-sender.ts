import { createHmac, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhookTarget } from "./webhook-target.ts";

/** How long a receiver has to answer (Standard Webhooks suggests a short timeout; 15 s is the top of what we offer). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Bytes of the receiver's answer read before the connection is dropped: only its status counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A new signing secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks' form). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's decoded bytes (Standard Webhooks). */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

export interface SendResult {
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs a signed event to a checked target. The connection goes to the address that was checked, whatever DNS says
 * now (TLS still checks the certificate against the host name); a redirect is an answer like any other, never
 * followed. Any answer but 2xx, a network error or the timeout is a failure, which the caller retries.
 */
export function sendWebhook(
  target: WebhookTarget,
  message: { id: string; timestampSeconds: number; body: string; secret: string },
): Promise<SendResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all)
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  const body = Buffer.from(message.body, "utf8");
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = send(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": "Latent-Webhooks/1",
          "webhook-id": message.id,
          "webhook-timestamp": String(message.timestampSeconds),
          "webhook-signature": webhookSignature(message.secret, message.id, message.timestampSeconds, message.body),
        },
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const finish = () => {
          const code = res.statusCode ?? 0;
          done({ statusCode: code, error: code >= 200 && code < 300 ? null : `HTTP ${code}` });
        };
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) =>
      done({ statusCode: null, error: err.name === "TimeoutError" || err.name === "AbortError" ? "timeout" : (err.code ?? err.message) }),
    );
    req.end(body);
  });
}
