import { type DatabaseIntrospector, type Dialect, type Kysely, sql, type TableMetadata } from "kysely";

/**
 * The migrator asks whether its own tables exist before it runs. Kysely's PostgreSQL introspector answers by reading
 * every table of every schema and calling `pg_get_serial_sequence` on each by name, so a schema that another user of
 * the same database drops meanwhile fails the whole statement ("schema … does not exist"): the API tests, which give
 * each server its own schema and drop it when done, failed at random under CI's load. This introspector reads only
 * the schema the migrations run in, from the catalogue alone (no lookups by name); the app asks nothing else of it.
 */
export function withOwnSchemaIntrospection(dialect: Dialect, schema: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => ownSchemaIntrospector(db, schema),
  };
}

function ownSchemaIntrospector(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(db);
    return rows.map((row) => ({
      name: row.name,
      schema,
      isView: row.kind === "v" || row.kind === "m",
      isForeign: row.kind === "f",
      columns: [],
    }));
  };
  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(db);
      return rows;
    },
    getTables,
  };
}
