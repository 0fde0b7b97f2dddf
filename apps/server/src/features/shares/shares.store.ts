import type { Insertable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { ShareLinksTable } from "../../platform/db/schema.ts";

export function insertShareLink(db: Db, link: Insertable<ShareLinksTable>) {
  return db.insertInto("share_links").values(link).execute();
}

export function findShareLinkByHash(db: Db, codeHash: string) {
  return db.selectFrom("share_links").select(["film_id", "user_id", "expires_at"]).where("code_hash", "=", codeHash).executeTakeFirst();
}

export function deleteShareLinksExpiredBefore(db: Db, before: Date) {
  return db.deleteFrom("share_links").where("expires_at", "<", before).execute();
}
