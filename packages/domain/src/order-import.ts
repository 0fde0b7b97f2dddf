import { z } from "zod";

/**
 * A lab's orders from a spreadsheet (issue 30): POST orders/import?dry_run= takes a CSV (the body as text/csv, or a
 * multipart form's `file`), one order a row. A dry run (the default) answers every row parsed with its errors and
 * creates nothing; `dry_run=false` creates the valid rows' orders in one transaction and answers the same rows, the
 * created ones with their order's id.
 */

/** The largest file read, and the most rows it may hold. */
export const ORDER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ORDER_IMPORT_MAX_ROWS = 2000;
/** Rolls a row may announce for its order. */
export const ORDER_IMPORT_MAX_ROLLS = 99;

/** The columns a row fills, as the order's fields are named; reference, name and email are required. */
export const ORDER_IMPORT_FIELDS = ["reference", "user_name", "user_email", "user_phone", "rolls"] as const;
export type OrderImportField = (typeof ORDER_IMPORT_FIELDS)[number];
export const ORDER_IMPORT_REQUIRED: readonly OrderImportField[] = ["reference", "user_name", "user_email"];

/** The template offered for download: the header names the server reads, and two example rows. */
export const ORDER_IMPORT_TEMPLATE =
  "reference,customer name,email,phone,rolls\r\nA-1001,Ada Lovelace,ada@example.com,+34 600 000 001,2\r\nA-1002,Joan Miró,joan@example.com,,1\r\n";

/**
 * Why a row is not imported: a required cell empty, a value too long, an email or phone that is not one, rolls not a
 * whole number from 0 to ORDER_IMPORT_MAX_ROLLS, a reference twice in the file (the later rows), or one the lab
 * already has (references compare ignoring capitals).
 */
export const ORDER_IMPORT_ROW_ERRORS = [
  "missing",
  "too-long",
  "invalid-email",
  "invalid-phone",
  "invalid-rolls",
  "duplicate-in-file",
  "order-exists",
] as const;
export type OrderImportRowError = (typeof ORDER_IMPORT_ROW_ERRORS)[number];

export const OrderImportQuerySchema = z.object({
  dry_run: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true")
    .describe("true (the default): parse and check only; false: create the valid rows' orders"),
});

export const OrderImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  reference: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_phone: z.string(),
  /** The rolls the row announces; null when its cell is empty or there is no such column. */
  rolls: z.number().int().nullable(),
  errors: z.array(z.object({ field: z.enum(ORDER_IMPORT_FIELDS), code: z.enum(ORDER_IMPORT_ROW_ERRORS) })),
  /** The order made from the row (a commit's valid rows); null otherwise. */
  order_id: z.string().nullable(),
});
export type OrderImportRow = z.infer<typeof OrderImportRowSchema>;

export const OrderImportResultSchema = z.object({
  dry_run: z.boolean(),
  separator: z.enum([",", ";"]),
  /** Which header of the file fills each field (as written in the file); null for an optional one it lacks. */
  columns: z.object({
    reference: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    user_phone: z.string().nullable(),
    rolls: z.string().nullable(),
  }),
  rows: z.array(OrderImportRowSchema),
  /** Rows read, rows without errors, orders created (0 in a dry run) and rows left out for their errors. */
  counts: z.object({ rows: z.number().int(), valid: z.number().int(), created: z.number().int(), skipped: z.number().int() }),
});
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;
