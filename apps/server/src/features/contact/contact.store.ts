import type { ContactBody } from "@latent/domain/contact";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

export function insertContactMessage(db: Kysely<Database>, body: ContactBody) {
  return db
    .insertInto("contact_messages")
    .values({ email: body.email, reason: body.reason, subject: body.subject, message: body.message })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

export async function markContactMessageMailed(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable("contact_messages").set({ mailed_at: new Date() }).where("id", "=", id).execute();
}

/** Deletes the messages sent from this address, whatever its case (its owner deleted their account); answers the rows. */
export async function deleteContactMessagesOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom("contact_messages")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
