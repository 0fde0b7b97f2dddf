import { sql } from "kysely";
import { z } from "zod";
import { isUuid } from "../db/uuid.ts";
import { AppError } from "./app-error.ts";

/**
 * A keyset page's `after` (decision 0048): base64url of the JSON array of the last item's sort key values, led by the
 * name of the order it belongs to. Opaque to clients; anything else, or a cursor of another order, answers 400 rather
 * than a wrong page. The archive search and the lab's orders list read their pages this way.
 */

/** An instant as a cursor keeps it: UTC, to the microsecond, so the next page starts exactly after it. */
export const cursorInstantSql = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An instant as the database writes it for a cursor (`cursorInstantSql`), microseconds kept. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const cursorInstant = z.string().refine((t) => {
  if (!INSTANT.test(t)) return false;
  // Day and time exist (no 30 February): the date reads back as written, to the millisecond.
  const date = new Date(t);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === t.slice(0, 23);
});
export const cursorId = z.string().refine(isUuid);

export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * The key values of a cursor of the order `kind` (checked by `schemas[kind]`, whose first item is the kind's name);
 * 400 bad-request when it is not one, naming a cursor of another of `schemas`' orders as such. `noun` names what
 * pages in the message ("search", "list").
 */
export function decodeCursor<S extends Record<string, z.ZodType>, K extends keyof S & string>(
  schemas: S,
  kind: K,
  after: string,
  noun: string,
): z.infer<S[K]> {
  let values: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(after)) throw new Error("not base64url");
    values = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    throw badCursor(`is not a position this ${noun} gave`);
  }
  const parsed = schemas[kind]!.safeParse(values);
  if (parsed.success) return parsed.data as z.infer<S[K]>;
  const other = Array.isArray(values) && typeof values[0] === "string" && values[0] !== kind && Object.hasOwn(schemas, values[0]);
  throw badCursor(other ? `belongs to a ${noun} in another order` : `is not a position this ${noun} gave`);
}

const badCursor = (why: string) => {
  const message = `after: the cursor ${why}; start again from the first page`;
  return new AppError("bad-request", message, { after: message });
};
