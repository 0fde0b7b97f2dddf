import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type Api, ApiError, assertKeyAccepted } from "./api-client.ts";
import { CliError, EXIT, type ExitCode } from "./exit-codes.ts";
import { type FolderResult, PLAN_REFUSALS, uploadFolder } from "./folder-upload.ts";
import { openJournal } from "./journal.ts";
import { bindFolder, type RollSpec } from "./order-binding.ts";
import type { ProgressView } from "./progress-view.ts";
import { exitCodeOf, summaryLines } from "./run-summary.ts";
import { isJunkFile } from "./scanner-naming.ts";

export interface WatchOptions {
  root: string;
  /** A sub-folder is uploaded once nothing in it changed for this long (the scanner finished writing it). */
  settleSeconds: number;
  /** Upload what is there (once settled), then exit, instead of watching on. */
  once: boolean;
  spec: Omit<RollSpec, "name">;
  firstFrame?: number;
  parallel: number;
  /** How often the folder is looked at. */
  pollMs?: number;
  /** A folder whose upload failed for want of the network or the server is tried again after this long. */
  retryAfterMs?: number;
}

interface FolderState {
  signature: string;
  changedAt: number;
  /** The signature last uploaded in full: the folder is left alone until it changes. */
  doneSignature: string | null;
  retryAt: number;
  /** The signature last tried, whatever came of it. */
  triedSignature: string | null;
  last: FolderResult | null;
}

/**
 * What a folder holds, as names, sizes and change times of its files: a scanner still writing changes it. Hidden
 * files (the journal among them) are not the scanner's.
 */
async function signatureOf(folder: string): Promise<string> {
  const entries = await readdir(folder, { withFileTypes: true });
  const parts: string[] = [];
  for (const e of entries) {
    if (!e.isFile() || isJunkFile(e.name)) continue;
    const s = await stat(join(folder, e.name)).catch(() => null);
    if (s) parts.push(`${e.name}:${s.size}:${s.mtimeMs}`);
  }
  return parts.sort().join("|");
}

/**
 * The sub-folders of `root` are looked at every `pollMs` rather than followed by file-system events: the settle time
 * needs the sizes anyway, events are unreliable on the network shares scanners often write to, and a restart must find
 * what is already there. Each sub-folder that stops changing is bound to an order by its name and uploaded with its
 * journal; one folder at a time, its files in parallel.
 */
export async function watch(
  api: Api,
  options: WatchOptions,
  view: ProgressView,
  out: (line: string) => void,
  signal?: AbortSignal,
): Promise<ExitCode> {
  const root = resolve(options.root);
  if (!(await stat(root).catch(() => null))?.isDirectory()) throw new CliError(EXIT.notFound, `No folder at ${root}`);
  const pollMs = options.pollMs ?? Math.min(1000, Math.max(100, options.settleSeconds * 500));
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const folders = new Map<string, FolderState>();
  const started = Date.now();
  view.info(`watching ${root} (a folder is uploaded ${options.settleSeconds} s after it last changed)`);

  for (;;) {
    if (signal?.aborted) break;
    const now = Date.now();
    const names = (await readdir(root, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith("."))
      .map((e) => e.name);
    for (const name of names) {
      const signature = await signatureOf(join(root, name)).catch(() => null);
      if (signature === null) continue;
      const state = folders.get(name);
      if (!state) folders.set(name, { signature, changedAt: now, doneSignature: null, retryAt: 0, triedSignature: null, last: null });
      else if (state.signature !== signature) Object.assign(state, { signature, changedAt: now });
    }
    for (const name of [...folders.keys()]) if (!names.includes(name)) folders.delete(name);

    const ready = [...folders.entries()].filter(
      ([, s]) =>
        s.signature !== s.doneSignature && s.signature !== "" && now - s.changedAt >= options.settleSeconds * 1000 && now >= s.retryAt,
    );
    for (const [name, state] of ready) {
      if (signal?.aborted) break;
      const folder = join(root, name);
      const signature = state.signature;
      state.triedSignature = signature;
      try {
        const journal = openJournal(folder, (m) => view.info(`warning: ${m}`));
        const { roll, via } = await bindFolder(api, name, { ...options.spec, name: name.trim().slice(0, 120) }, journal);
        view.info(`${name}: ${roll.label} (by ${via === "new-order" ? "a new order waiting for its customer" : via})`);
        const result = await uploadFolder({ api, folder, roll, journal, view, firstFrame: options.firstFrame, parallel: options.parallel });
        state.last = result;
        if (result.retryable) state.retryAt = Date.now() + retryAfterMs;
        else state.doneSignature = signature;
        view.info(
          `${name}: ${result.sent} sent, ${result.already} already there, ${result.skipped.length + result.failed.length} left out`,
        );
      } catch (err) {
        assertKeyAccepted(err);
        if (err instanceof CliError) throw err;
        const why = err instanceof ApiError ? `${err.code}: ${err.message}` : String(err);
        const planRefusal = err instanceof ApiError && PLAN_REFUSALS.has(err.code);
        view.info(`${name}: not uploaded (${why}); tried again in ${Math.round(((planRefusal ? 10 : 1) * retryAfterMs) / 1000)} s`);
        state.retryAt = Date.now() + (planRefusal ? 10 : 1) * retryAfterMs;
      }
    }

    // --once: done when every folder was tried as it now stands (a failed one is not tried again in this run).
    if (options.once && [...folders.values()].every((s) => s.signature === "" || s.triedSignature === s.signature)) break;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  view.stop();
  const results = [...folders.entries()].filter(([, s]) => s.last).map(([folder, s]) => ({ folder, result: s.last! }));
  for (const line of summaryLines(results, Date.now() - started)) out(line);
  const unfinished = [...folders.values()].some((s) => s.signature !== "" && s.doneSignature !== s.signature);
  return unfinished ? EXIT.someFailed : exitCodeOf(results);
}
