import { createHash } from "node:crypto";
import { SUBMISSION_INTERVAL_MS } from "@latent/domain/contact";
import { AppError } from "../http/app-error.ts";
import type { Cooldown } from "./cooldown.ts";

/**
 * One submission per sender email and per client address per minute (spec §5, §9), for one form (`scope`):
 * a contact message does not hold back a newsletter sign-up.
 */
export function createSenderLimit(cooldown: Cooldown, scope: string) {
  // The address itself never reaches Redis: only its hash does.
  const emailKey = (email: string) => `${scope}:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("base64url")}`;
  const addressKey = (clientIp: string) => `${scope}:ip:${clientIp}`;

  return {
    /** Claims this minute for the sender, or throws 429 'Wait a minute to send the next email'. */
    async claim(email: string, clientIp: string): Promise<void> {
      const byEmail = emailKey(email);
      if (!(await cooldown.take(byEmail, SUBMISSION_INTERVAL_MS))) throw new AppError("rate-limited-email");
      if (!(await cooldown.take(addressKey(clientIp), SUBMISSION_INTERVAL_MS))) {
        // Refused by address: the email's minute was not used, give it back.
        await cooldown.release(byEmail);
        throw new AppError("rate-limited-email");
      }
    },
  };
}

export type SenderLimit = ReturnType<typeof createSenderLimit>;
