/** A failed API call: the server's error code (spec §8 catalogue, domain `errors.ts`), status and field problems. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Code used when the server could not be reached at all; translated like the server's codes. */
export const NETWORK_ERROR = "network-error";
