import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { type Api, ApiError, assertKeyAccepted } from "./api-client.ts";
import { CliError, EXIT, type ExitCode } from "./exit-codes.ts";
import { PLAN_REFUSALS, uploadFolder } from "./folder-upload.ts";
import { openJournal } from "./journal.ts";
import { findOrder, type RollSpec, rollInOrder } from "./order-binding.ts";
import type { ProgressView } from "./progress-view.ts";
import { exitCodeOf, summaryLines } from "./run-summary.ts";

export interface PushOptions {
  folder: string;
  order: string;
  /** The roll's name; the folder's name when not given. */
  roll?: string;
  spec: Omit<RollSpec, "name">;
  firstFrame?: number;
  parallel: number;
}

/** A server error as the lab's exit code: plan and storage refusals, a missing order, anything else. */
export function failureOf(err: unknown): CliError {
  if (err instanceof CliError) return err;
  try {
    assertKeyAccepted(err);
  } catch (auth) {
    return auth as CliError;
  }
  if (err instanceof ApiError) {
    if (PLAN_REFUSALS.has(err.code)) return new CliError(EXIT.refused, `The server refused: ${err.message} (${err.code})`);
    if (err.status === 404) return new CliError(EXIT.notFound, `Not found: ${err.message}`);
    if (err.status === 0 || err.status >= 500)
      return new CliError(EXIT.unreachable, `The server could not be reached, or kept failing: ${err.message}`);
    return new CliError(EXIT.someFailed, `${err.message} (${err.code})`);
  }
  return new CliError(EXIT.someFailed, String(err));
}

/** `latent push <folder> --order <reference>`: the folder's scans into a roll of the order. */
export async function push(api: Api, options: PushOptions, view: ProgressView, out: (line: string) => void): Promise<ExitCode> {
  const folder = resolve(options.folder);
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new CliError(EXIT.notFound, `No folder at ${folder}`);
  const started = Date.now();
  try {
    const order = await findOrder(api, options.order);
    if (!order) throw new CliError(EXIT.notFound, `No order with the reference "${options.order}" in this lab`);
    const journal = openJournal(folder, (m) => view.info(`warning: ${m}`));
    const name = (options.roll ?? basename(folder)).trim().slice(0, 120);
    const { roll, created } = await rollInOrder(api, order, { ...options.spec, name }, journal, "reference");
    view.info(`${created ? "new " : ""}${roll.label}`);
    const result = await uploadFolder({ api, folder, roll, journal, view, firstFrame: options.firstFrame, parallel: options.parallel });
    view.stop();
    for (const line of summaryLines([{ folder: basename(folder), result }], Date.now() - started)) out(line);
    // Nothing went, and only for want of a server: a network problem, not the files'.
    if (result.sent === 0 && result.failed.length > 0 && result.retryable) return EXIT.unreachable;
    return exitCodeOf([{ result }]);
  } catch (err) {
    view.stop();
    throw failureOf(err);
  }
}
