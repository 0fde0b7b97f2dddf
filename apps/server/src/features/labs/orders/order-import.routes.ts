import { ORDER_IMPORT_MAX_BYTES, OrderImportQuerySchema, OrderImportResultSchema } from "@latent/domain/order-import";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../platform/http/app-error.ts";
import { callerOf, labOnly, type RequireScopes } from "../../../platform/identity/authenticate.ts";
import type { OrderImportService } from "./order-import.service.ts";

/** Types a CSV arrives as: its own, and what browsers and spreadsheets call it. */
const CSV_TYPES = ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"];

/** The CSV's bytes: the body itself, or a multipart form's `file` (read one byte past the limit to tell it is over). */
async function csvBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (!Buffer.isBuffer(request.body))
      throw new AppError("order-import-unreadable", "Send the CSV as the body (text/csv) or as a form's file");
    return request.body;
  }
  const file = await request.file({ limits: { fileSize: ORDER_IMPORT_MAX_BYTES + 1, files: 1 }, throwFileSizeLimit: false });
  if (!file) throw new AppError("order-import-unreadable", "The form holds no file");
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new AppError("order-import-too-large");
  return bytes;
}

/** POST orders/import: a lab's orders from a CSV, previewed (dry run) or created. */
export function orderImportRoutes(app: FastifyInstance, deps: { imports: OrderImportService; requireScopes: RequireScopes }) {
  const { imports, requireScopes } = deps;
  // The CSV is read raw in this scope only; a body over the limit is the import's own 413, with its message.
  app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPES, { parseAs: "buffer", bodyLimit: ORDER_IMPORT_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((err: { statusCode?: number }) => {
      throw err.statusCode === 413 ? new AppError("order-import-too-large") : err;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/orders/import",
      {
        config: { errors: ["order-import-unreadable", "order-import-columns-missing", "order-import-empty", "order-import-too-large"] },
        preHandler: [requireScopes("write:order"), labOnly],
        schema: {
          tags: ["orders"],
          summary:
            "Orders from a CSV (text/csv body, or a form's `file`; at most 2 MB and 2,000 rows; `,` or `;`; UTF-8): columns reference, customer name, email, optional phone and rolls. A dry run (default) answers each row with its errors and creates nothing; dry_run=false creates the valid rows' orders in one transaction",
          querystring: OrderImportQuerySchema,
          response: { 200: OrderImportResultSchema },
        },
      },
      async (request) => imports.run(callerOf(request).sub, await csvBytes(request), request.query.dry_run),
    );
  });
}
