import { z } from "zod";
import {
  decodeCursor as decodeKeyset,
  encodeCursor as encodeKeyset,
  cursorId as id,
  cursorInstant as instant,
} from "../../platform/http/keyset-cursor.ts";

/** A search's `after`: a keyset cursor (platform/http/keyset-cursor.ts) of one of the search's four orders. */
const CURSORS = {
  added: z.tuple([z.literal("added"), instant, id]),
  shot: z.tuple([z.literal("shot"), z.number().int().min(0).max(2100), z.number().int().min(0).max(12), id]),
  name: z.tuple([z.literal("name"), z.string().max(400), id]),
  taken: z.tuple([z.literal("taken"), instant.nullable(), id]),
} as const;
export type CursorKind = keyof typeof CURSORS;
export type Cursor<K extends CursorKind> = z.infer<(typeof CURSORS)[K]>;

export const encodeCursor = <K extends CursorKind>(values: Cursor<K>): string => encodeKeyset(values);

/** The key values of a cursor of this order; 400 bad-request when it is not one. */
export const decodeCursor = <K extends CursorKind>(kind: K, after: string): Cursor<K> => decodeKeyset(CURSORS, kind, after, "search");
