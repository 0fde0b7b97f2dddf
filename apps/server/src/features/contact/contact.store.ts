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
