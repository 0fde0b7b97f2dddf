import { z } from "zod";
import { isUuid } from "../../platform/db/uuid.ts";
import { AppError } from "../../platform/http/app-error.ts";

/**
 * A search's `after`: base64url of the JSON array of the last item's sort key values, led by the order it belongs to.
 * Opaque to clients; anything else, or a cursor of another order, answers 400 rather than a wrong page.
 */

/** An instant as the database writes it for a cursor (`to_char(… at time zone 'UTC', …)`), microseconds kept. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const instant = z.string().refine((t) => {
  if (!INSTANT.test(t)) return false;
  // Day and time exist (no 30 February): the date reads back as written, to the millisecond.
  const date = new Date(t);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === t.slice(0, 23);
});
const id = z.string().refine(isUuid);

const CURSORS = {
  added: z.tuple([z.literal("added"), instant, id]),
  shot: z.tuple([z.literal("shot"), z.number().int().min(0).max(2100), z.number().int().min(0).max(12), id]),
  name: z.tuple([z.literal("name"), z.string().max(400), id]),
  taken: z.tuple([z.literal("taken"), instant.nullable(), id]),
} as const;
export type CursorKind = keyof typeof CURSORS;
export type Cursor<K extends CursorKind> = z.infer<(typeof CURSORS)[K]>;

export function encodeCursor<K extends CursorKind>(values: Cursor<K>): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/** The key values of a cursor of this order; 400 bad-request when it is not one. */
export function decodeCursor<K extends CursorKind>(kind: K, after: string): Cursor<K> {
  let values: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(after)) throw new Error("not base64url");
    values = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
  } catch {
    throw badCursor("is not a position this search gave");
  }
  const parsed = CURSORS[kind].safeParse(values);
  if (parsed.success) return parsed.data as Cursor<K>;
  const other = Array.isArray(values) && typeof values[0] === "string" && values[0] !== kind && values[0] in CURSORS;
  throw badCursor(other ? "belongs to a search in another order" : "is not a position this search gave");
}

const badCursor = (why: string) => {
  const message = `after: the cursor ${why}; start again from the first page`;
  return new AppError("bad-request", message, { after: message });
};
