import type { BetaBody } from "@latent/domain/contact";
import { type Kysely, sql, type Transaction } from "kysely";
import { toCount } from "../../platform/db/database.ts";
import type { Database } from "../../platform/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Serializes registrations (this lock conflicts with itself and with inserts) so positions and capacity stay exact. */
export async function lockBetaRegistrations(tx: Transaction<Database>): Promise<void> {
  await sql`lock table beta_registrations in share row exclusive mode`.execute(tx);
}

export function findBetaRegistration(db: Db, email: string) {
  return db
    .selectFrom("beta_registrations")
    .select(["id", "position"])
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .executeTakeFirst();
}

export async function countBetaRegistrations(db: Db): Promise<number> {
  const row = await db
    .selectFrom("beta_registrations")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

export function insertBetaRegistration(db: Db, body: BetaBody, position: number) {
  return db
    .insertInto("beta_registrations")
    .values({
      email: body.email,
      name: body.name ?? "",
      formats: JSON.stringify(body.formats ?? []),
      message: body.message ?? "",
      position,
    })
    .returning(["position"])
    .executeTakeFirstOrThrow();
}

/** Deletes the beta registration of this address, whatever its case (its owner deleted their account); answers the rows. */
export async function deleteBetaRegistrationOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom("beta_registrations")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
