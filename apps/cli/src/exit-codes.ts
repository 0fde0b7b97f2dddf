/** What `latent` ends with, for a lab's scripts (documented in apps/cli/README.md and `latent --help`). */
export const EXIT = {
  /** Every file was uploaded (or had been already). */
  ok: 0,
  /** Some files were skipped (not an image, frame out of range) or failed after their retries; the rest went. */
  someFailed: 1,
  /** The command line is wrong (unknown option, missing folder or order). */
  usage: 2,
  /** The key was refused (401) or lacks a scope (403). */
  auth: 3,
  /** The order, sticker or folder does not exist. */
  notFound: 4,
  /** The lab's plan or storage refused the upload (not-enough-space, order-rolls-limit, order-collected, …). */
  refused: 5,
  /** The server could not be reached, or kept failing, after every retry. */
  unreachable: 6,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure that ends the command with its exit code and a message for the lab. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(exitCode: ExitCode, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}
