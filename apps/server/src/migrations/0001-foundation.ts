import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("locale", "text")
    .addColumn("blocked", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("oidc_payloads")
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("user_code", "text")
    .addColumn("uid", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("consumed_at", "timestamptz")
    .addPrimaryKeyConstraint("oidc_payloads_pk", ["id", "type"])
    .execute();
  await db.schema.createIndex("oidc_payloads_grant_id").on("oidc_payloads").column("grant_id").execute();
  await db.schema.createIndex("oidc_payloads_uid").on("oidc_payloads").column("uid").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("nickname", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("webpage", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("picture_key", "text")
    .addColumn("locale", "text")
    .addColumn("address", "jsonb")
    .addColumn("shipping", "jsonb")
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
    .addColumn("inactive_since", "timestamptz")
    .addColumn("downgrading_since", "timestamptz")
    .addColumn("survey_submitted", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("survey", "jsonb")
    .addColumn("policy_accepted", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("policy_accepted_at", "timestamptz")
    .addColumn("integrations", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const table of ["cameras", "lenses"]) {
    await db.schema
      .createTable(table)
      .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("metadata", "jsonb", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex(`${table}_user_id`).on(table).columns(["user_id", "created_at"]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["lenses", "cameras", "users", "settings", "oidc_payloads", "accounts"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
