import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** The database, or a transaction on it: every store function takes either, so a caller can group writes. */
export type Db = Kysely<Database> | Transaction<Database>;
