import { ERRORS, type ErrorCode } from "@latent/domain/errors";

/**
 * An error a client caused or may see, named by its catalogue code: the status comes from the catalogue, so one
 * code answers one status everywhere. The error handler maps it to `{error, message}`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Why an operator should hear of this refusal (a forged token, say); logged at warn, never sent to the client. */
  note: string | undefined;
  /** Seconds before trying again makes sense (a rate limit): the answer's Retry-After header. */
  retryAfterS: number | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.fields = fields;
  }

  /** Marks the refusal as one an operator should see in the log, with what the client is not told. */
  noted(note: string): this {
    this.note = note;
    return this;
  }

  /** Tells the client when to try again (Retry-After, in whole seconds). */
  retryAfter(seconds: number): this {
    this.retryAfterS = Math.ceil(seconds);
    return this;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }

  /** The response body of this error. */
  toBody() {
    return { error: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export const notFound = () => new AppError("not-found");
