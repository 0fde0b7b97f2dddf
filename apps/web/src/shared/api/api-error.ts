import { ERRORS, type ErrorCode } from "@latent/domain/errors";

/** Code used when the server could not be reached at all; translated like the server's codes. */
export const NETWORK_ERROR = "network-error";

/** What a failed call is about: a code of the catalogue (domain `errors.ts`), or no answer at all. */
export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR;

/** True for the codes of the catalogue (domain `errors.ts`). */
export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** A failed API call: the server's error code (spec §8 catalogue, domain `errors.ts`), status and field problems. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;

  constructor(status: number, code: ApiErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}
