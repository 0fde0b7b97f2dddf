import { ERROR_MESSAGES, type ErrorCode } from "@latent/domain/errors";

/** An error a client caused or may see: mapped to `{error, message}` and its status by the error handler. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERROR_MESSAGES[code]);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = () => new AppError(404, "not-found");
export const unauthorized = (code: "unauthorized" | "token-expired" = "unauthorized") => new AppError(401, code);
export const forbidden = (message?: string) => new AppError(403, "forbidden", message);
