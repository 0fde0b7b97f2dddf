import {
  ORDER_IMPORT_FIELDS,
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MAX_ROLLS,
  ORDER_IMPORT_MAX_ROWS,
  ORDER_IMPORT_REQUIRED,
  type OrderImportField,
  type OrderImportResult,
  type OrderImportRow,
  type OrderImportRowError,
} from "@latent/domain/order-import";
import { NewOrderSchema } from "@latent/domain/orders";
import { CsvError, parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { Database } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import type { OrdersService } from "./orders.service.ts";
import { existingReferences } from "./orders.store.ts";

/** A header as compared: accents, capitals, spaces and punctuation off ("Nº de rollos" → "nderollos"). */
const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/**
 * Header names each field is read from, as `headerKey` leaves them: English and the five locales' words, and what
 * shops and spreadsheets commonly export.
 */
const HEADERS: Record<OrderImportField, readonly string[]> = {
  reference: [
    "reference",
    "ref",
    "order",
    "orderreference",
    "ordernumber",
    "orderno",
    "orderid",
    "referencia",
    "pedido",
    "numeropedido",
    "commande",
    "numerocommande",
    "riferimento",
    "ordine",
    "numeroordine",
    "comanda",
  ],
  user_name: [
    "customername",
    "customer",
    "name",
    "fullname",
    "client",
    "clientname",
    "nombre",
    "cliente",
    "nombrecliente",
    "nombredelcliente",
    "nom",
    "nomclient",
    "nomduclient",
    "nome",
    "nomecliente",
    "nomdelclient",
  ],
  user_email: [
    "email",
    "emailaddress",
    "mail",
    "correo",
    "correoelectronico",
    "courriel",
    "adressemail",
    "adresseemail",
    "posta",
    "postaelettronica",
    "correu",
    "correuelectronic",
  ],
  user_phone: ["phone", "phonenumber", "telephone", "tel", "mobile", "telefono", "movil", "portable", "cellulare", "telefon", "mobil"],
  rolls: [
    "rolls",
    "numberofrolls",
    "rollcount",
    "films",
    "numberoffilms",
    "rollos",
    "carretes",
    "numerodecarretes",
    "rouleaux",
    "pellicules",
    "nombredepellicules",
    "rullini",
    "numerodirullini",
    "rodets",
    "nombrederodets",
  ],
};

/** The file's text: UTF-8 (a BOM is dropped by the parser), else the Windows code page spreadsheets save CSV in. */
function textOf(bytes: Buffer) {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.includes("\u0000")) throw new AppError("order-import-unreadable", "The file holds binary data: it is not a CSV");
  return text;
}

/** `;` when the header line holds more of them than commas (spreadsheets in Spain, France, Italy), else `,`. */
function separatorOf(text: string): "," | ";" {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

interface Sheet {
  separator: "," | ";";
  columns: OrderImportResult["columns"];
  rows: { line: number; cells: Record<OrderImportField, string> }[];
}

/** The file as rows of the five fields; 400 when it is no CSV, lacks a required column or holds no row; 413 when too long. */
function readSheet(bytes: Buffer): Sheet {
  if (bytes.length > ORDER_IMPORT_MAX_BYTES) throw new AppError("order-import-too-large");
  const text = textOf(bytes);
  const separator = separatorOf(text.replace(/^\uFEFF/, ""));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw new AppError("order-import-unreadable", `The file is not a CSV Latent can read: ${err.message}`);
  }
  const [header, ...body] = records;
  if (!header) throw new AppError("order-import-empty");
  const index = new Map<OrderImportField, number>();
  header.record.forEach((name, i) => {
    const key = headerKey(name);
    const field = ORDER_IMPORT_FIELDS.find((f) => HEADERS[f].includes(key));
    // The first column of a field counts; a second one is ignored like any unknown column.
    if (field && !index.has(field)) index.set(field, i);
  });
  const missing = ORDER_IMPORT_REQUIRED.filter((field) => !index.has(field));
  if (missing.length > 0) {
    const names = { reference: "reference", user_name: "customer name", user_email: "email", user_phone: "phone", rolls: "rolls" };
    throw new AppError(
      "order-import-columns-missing",
      `The file's first line lacks the column${missing.length > 1 ? "s" : ""} ${missing.map((f) => names[f]).join(", ")} (found: ${header.record.join(", ") || "nothing"})`,
    );
  }
  const rows = body
    .filter(({ record }) => record.some((cell) => cell !== ""))
    .map(({ record, info }) => ({
      line: info.lines,
      cells: Object.fromEntries(ORDER_IMPORT_FIELDS.map((f) => [f, index.has(f) ? (record[index.get(f)!] ?? "") : ""])) as Record<
        OrderImportField,
        string
      >,
    }));
  if (rows.length === 0) throw new AppError("order-import-empty");
  if (rows.length > ORDER_IMPORT_MAX_ROWS) {
    throw new AppError(
      "order-import-too-large",
      `The file holds ${rows.length} orders; an import holds at most ${ORDER_IMPORT_MAX_ROWS}: split it`,
    );
  }
  const header_ = (field: OrderImportField) => (index.has(field) ? header.record[index.get(field)!]! : null);
  return {
    separator,
    columns: {
      reference: header_("reference")!,
      user_name: header_("user_name")!,
      user_email: header_("user_email")!,
      user_phone: header_("user_phone"),
      rolls: header_("rolls"),
    },
    rows,
  };
}

/** What a field's refusal by the order's own schema means for a row. */
function schemaError(field: OrderImportField, value: string, issue: string): OrderImportRowError {
  if (value === "") return "missing";
  if (issue === "too_big") return "too-long";
  return field === "user_email" ? "invalid-email" : field === "user_phone" ? "invalid-phone" : "missing";
}

/** A row's values and what is wrong with them on their own (the file's other rows and the lab's orders come later). */
function checkRow(line: number, cells: Record<OrderImportField, string>): OrderImportRow {
  const errors: OrderImportRow["errors"] = [];
  const order = { reference: cells.reference, user_name: cells.user_name, user_email: cells.user_email, user_phone: cells.user_phone };
  const parsed = NewOrderSchema.safeParse(order);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof typeof order;
    if (!errors.some((e) => e.field === field)) errors.push({ field, code: schemaError(field, order[field], issue.code) });
  }
  let rolls: number | null = null;
  if (cells.rolls !== "") {
    const n = /^\d{1,3}$/.test(cells.rolls) ? Number(cells.rolls) : Number.NaN;
    if (n >= 0 && n <= ORDER_IMPORT_MAX_ROLLS) rolls = n;
    else errors.push({ field: "rolls", code: "invalid-rolls" });
  }
  return { line, ...order, rolls, errors, order_id: null };
}

export interface OrderImportDeps {
  db: Kysely<Database>;
  orders: Pick<OrdersService, "createMany">;
}

/**
 * A lab's orders from a CSV (issue 30): each row checked alone (the order's own schema, rolls 0–99), against the
 * file's earlier rows and against the lab's orders (a reference twice is refused, capitals ignored). A dry run
 * answers the rows and creates nothing; a commit creates the valid rows' orders through the orders service, in one
 * transaction in which the lab's references are read again.
 */
export function createOrderImportService({ db, orders }: OrderImportDeps) {
  /** Marks the rows whose reference the lab's orders already hold (read in `tx`). */
  async function markExisting(tx: Db, labId: string, rows: OrderImportRow[]) {
    const candidates = rows.filter((row) => !row.errors.some((e) => e.field === "reference"));
    const existing = await existingReferences(
      tx,
      labId,
      candidates.map((row) => row.reference),
    );
    for (const row of candidates) {
      if (existing.has(row.reference.toLowerCase())) row.errors.push({ field: "reference", code: "order-exists" });
    }
  }

  return {
    /** POST orders/import: the rows read, checked, and (unless `dryRun`) the valid ones made into orders. */
    async run(labId: string, bytes: Buffer, dryRun: boolean): Promise<OrderImportResult> {
      const sheet = readSheet(bytes);
      const rows = sheet.rows.map(({ line, cells }) => checkRow(line, cells));
      const seen = new Set<string>();
      for (const row of rows) {
        if (row.errors.some((e) => e.field === "reference")) continue;
        const key = row.reference.toLowerCase();
        if (seen.has(key)) row.errors.push({ field: "reference", code: "duplicate-in-file" });
        seen.add(key);
      }
      let created = 0;
      if (dryRun) {
        await markExisting(db, labId, rows);
      } else {
        const made = await orders.createMany(labId, async (tx) => {
          await markExisting(tx, labId, rows);
          return rows
            .filter((row) => row.errors.length === 0)
            .map((row) => ({
              reference: row.reference,
              user_name: row.user_name,
              user_email: row.user_email,
              user_phone: row.user_phone,
              rolls_expected: row.rolls,
            }));
        });
        const byReference = new Map(made.map((order) => [order.reference.toLowerCase(), order.id]));
        for (const row of rows) if (row.errors.length === 0) row.order_id = byReference.get(row.reference.toLowerCase()) ?? null;
        created = made.length;
      }
      const valid = rows.filter((row) => row.errors.length === 0).length;
      return {
        dry_run: dryRun,
        separator: sheet.separator,
        columns: sheet.columns,
        rows,
        counts: { rows: rows.length, valid, created, skipped: rows.length - valid },
      };
    },
  };
}

export type OrderImportService = ReturnType<typeof createOrderImportService>;
