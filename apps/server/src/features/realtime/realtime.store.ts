import type { Db } from "../../platform/db/db-handle.ts";

/** Records a ticket as used; false when it already was (by this instance or another). */
export async function markTicketUsed(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto("realtime_used_tickets")
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .returning("nonce")
    .executeTakeFirst();
  return Boolean(row);
}

/** Expired tickets are refused by their signature's time already: their records can go. */
export function deleteExpiredTickets(db: Db, now: Date) {
  return db.deleteFrom("realtime_used_tickets").where("expires_at", "<", now).execute();
}
