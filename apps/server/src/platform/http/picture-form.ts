import { errorMessage } from "@latent/domain/errors";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "./app-error.ts";
import { assertStorableText } from "./unstorable-text.ts";

/** A zod failure as the API's 400: the first field's message, and every field's. */
export function invalidBody(error: z.ZodError): AppError {
  const fields = Object.fromEntries(error.issues.map((i) => [i.path.join(".") || "body", i.message]));
  const [path, message] = Object.entries(fields)[0] ?? ["body", errorMessage("bad-request")];
  return new AppError("bad-request", `${path}: ${message}`, fields);
}

// Oversized pictures are read truncated (one byte past the limit) and refused with their own error, rather than
// failing the stream with 413.
const formLimits = (maxBytes: number) => ({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5 }, throwFileSizeLimit: false });

const isClientError = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
};

/**
 * Reads a multipart form of a picture and its JSON data (PUT user/: `upload_file` and `user_data`; PUT labs/:
 * `upload_file` and `lab_data`), the data checked against `schema`.
 */
export async function readPictureForm<T extends z.ZodType>(request: FastifyRequest, dataField: string, schema: T, maxBytes: number) {
  let picture: { bytes: Buffer; truncated: boolean } | undefined;
  let data: unknown;
  try {
    for await (const part of request.parts(formLimits(maxBytes) as Parameters<FastifyRequest["parts"]>[0])) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "upload_file") picture = { bytes, truncated: part.file.truncated };
      } else if (part.fieldname === dataField) {
        try {
          data = JSON.parse(String(part.value));
        } catch {
          throw new AppError("bad-request", `${dataField}: not valid JSON`, { [dataField]: "not valid JSON" });
        }
      }
    }
  } catch (err) {
    // The parser's own failures (no boundary, a body cut short) are a malformed request, not the server's fault.
    if (err instanceof AppError || isClientError(err)) throw err;
    throw new AppError("bad-request", "The multipart form is malformed");
  }
  assertStorableText({ body: data });
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) throw invalidBody(parsed.error);
  return { picture, data: parsed.data as z.infer<T> };
}
