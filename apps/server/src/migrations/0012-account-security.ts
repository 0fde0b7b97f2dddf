import { type Kysely, sql } from "kysely";

/**
 * Accounts people can trust (issue 12), for the embedded provider's accounts: a confirmed email, a pending email
 * change, when the password last changed and which access tokens that cut off, two-factor sign-in (the TOTP secret
 * sealed, the last used time step, failed attempts), single-use links (reset, verification, email change) and
 * recovery codes kept only as SHA-256 hashes, and the device each signed-in session started on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("accounts")
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("pending_email", "text")
    .addColumn("password_changed_at", "timestamptz")
    .addColumn("tokens_valid_after", "timestamptz")
    .addColumn("totp_secret_sealed", "text")
    .addColumn("totp_pending_sealed", "text")
    .addColumn("totp_last_step", "bigint")
    .execute();

  await db.schema
    .createTable("account_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // The address the link was sent to: a verification counts only while it is still the account's email.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("account_links_account").on("account_links").columns(["account_id", "kind"]).execute();

  await db.schema
    .createTable("account_recovery_codes")
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addPrimaryKeyConstraint("account_recovery_codes_pk", ["account_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("account_sessions")
    .addColumn("grant_id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz")
    .execute();
  await db.schema.createIndex("account_sessions_account").on("account_sessions").column("account_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["account_sessions", "account_recovery_codes", "account_links"]) await db.schema.dropTable(table).execute();
  await db.schema
    .alterTable("accounts")
    .dropColumn("email_verified")
    .dropColumn("pending_email")
    .dropColumn("password_changed_at")
    .dropColumn("tokens_valid_after")
    .dropColumn("totp_secret_sealed")
    .dropColumn("totp_pending_sealed")
    .dropColumn("totp_last_step")
    .execute();
}
