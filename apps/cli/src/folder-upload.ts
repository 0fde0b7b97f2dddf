import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { MAX_SHOTS_PER_ROLL } from "@latent/domain/film-config";
import type { UploadPartReceipt, UploadResponse, UploadStatus } from "@latent/domain/films";
import { IMAGE_SIGNATURE_BYTES, imageTypeOf } from "@latent/domain/image-signature";
import { type Api, ApiError, assertKeyAccepted, DEFAULT_RETRIES, type RetryPolicy, withRetries } from "./api-client.ts";
import type { Journal } from "./journal.ts";
import { formatBytes, type ProgressView } from "./progress-view.ts";
import { isImageName, isJunkFile, type NamingScheme, planFrames } from "./scanner-naming.ts";

/** The roll a folder uploads into. */
export interface TargetRoll {
  id: string;
  format: string;
  /** For the lab's eyes: "roll 'R1' of order #123". */
  label: string;
}

export interface FolderResult {
  scheme: NamingScheme;
  /** Files sent whole in this run. */
  sent: number;
  /** Files the server held whole already (an earlier run). */
  already: number;
  /** Bytes that left in this run. */
  bytes: number;
  skipped: { file: string; reason: string }[];
  failed: { file: string; reason: string }[];
  /** Files not named as scans (sidecars, notes): left alone. */
  ignored: string[];
  /** Some failure that more tries later may cure (the network, the server): `watch` comes back to the folder. */
  retryable: boolean;
}

/** Refusals that concern the lab's plan or the roll, not this file alone: the rest of the roll would meet them too. */
export const PLAN_REFUSALS = new Set([
  "not-enough-space",
  "account-inactive",
  "films-capacity-reached",
  "order-collected",
  "order-rolls-limit",
]);

interface Scan {
  name: string;
  path: string;
  size: number;
  frame: number;
  contentType: string;
}

const partBytes = (part: number, partSize: number, size: number) => Math.max(0, Math.min(partSize, size - (part - 1) * partSize));

/**
 * Uploads a folder's scans into a roll with the web's chunked, resumable protocol (POST film/shot/{roll}/{frame}/upload,
 * then a PUT per chunk; GET uploads/{id} to resume), `parallel` files at a time. Files the journal knows finished are
 * not sent again; a file begun in an earlier run goes on from the parts the server lacks.
 */
export async function uploadFolder(options: {
  api: Api;
  folder: string;
  roll: TargetRoll;
  journal: Journal;
  view: ProgressView;
  firstFrame?: number;
  parallel: number;
  retries?: RetryPolicy;
}): Promise<FolderResult> {
  const { api, folder, roll, journal, view, parallel } = options;
  const retries: RetryPolicy = {
    ...(options.retries ?? DEFAULT_RETRIES),
    onRetry: (err, attempt, delayMs) =>
      view.info(
        `  ${err.status === 0 ? "network" : `server ${err.status}`}: ${err.message}; try ${attempt + 1} in ${Math.round(delayMs / 1000)} s`,
      ),
  };
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries.filter((e) => e.isFile()).map((e) => e.name);
  const plan = planFrames(names, options.firstFrame);
  const result: FolderResult = {
    scheme: plan.scheme,
    sent: 0,
    already: 0,
    bytes: 0,
    skipped: [],
    failed: [],
    ignored: names.filter((n) => !isJunkFile(n) && !isImageName(n)).sort(),
    retryable: false,
  };
  const maxFrame = MAX_SHOTS_PER_ROLL[roll.format as keyof typeof MAX_SHOTS_PER_ROLL] ?? 1;

  // Each scan's bytes say whether it is one (the server's own rule): a renamed document is skipped, the rest go on.
  const scans: Scan[] = [];
  for (const { name, frame: planned } of plan.files) {
    const path = join(folder, name);
    const known = journal.file(roll.id, name);
    if (known?.done) {
      result.already++;
      continue;
    }
    const frame = known?.frame ?? planned;
    let size: number;
    let contentType: string | null;
    try {
      size = (await stat(path)).size;
      const handle = await open(path, "r");
      try {
        const head = Buffer.alloc(IMAGE_SIGNATURE_BYTES);
        const { bytesRead } = await handle.read(head, 0, IMAGE_SIGNATURE_BYTES, 0);
        contentType = imageTypeOf(head.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    } catch (err) {
      result.skipped.push({ file: name, reason: `cannot be read (${(err as Error).message})` });
      continue;
    }
    if (!contentType) result.skipped.push({ file: name, reason: "not an image: its first bytes are not a JPEG, TIFF, PNG or WebP" });
    else if (size === 0) result.skipped.push({ file: name, reason: "empty file" });
    else if (frame > maxFrame) result.skipped.push({ file: name, reason: `frame ${frame} is past the roll's last (${maxFrame})` });
    else scans.push({ name, path, size, frame, contentType });
  }
  for (const s of result.skipped) view.info(`skipped ${s.file}: ${s.reason}`);
  view.begin(scans.reduce((sum, s) => sum + s.size, 0));

  type Plan = { urls: string[]; partSize: number; missing: number[]; uploadId: string };

  /**
   * What sending a scan takes: the parts the server lacks of an upload begun in an earlier run, or a new upload's
   * grant; "already" when the server holds the file whole.
   */
  async function prepare(scan: Scan, fresh = false): Promise<Plan | "already"> {
    const known = fresh ? undefined : journal.file(roll.id, scan.name);
    if (known && known.size === scan.size) {
      const held = await withRetries(retries, () => api.json<UploadStatus>("GET", `/api/uploads/${known.uploadId}`)).catch((err) => {
        // Gone: it stalled on the server (its shot failed) or the shot was deleted: start again at the same frame.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      });
      if (held?.complete && held.content_length === scan.size) {
        journal.append({ t: "done", film_id: roll.id, file: scan.name, size: scan.size, frame: known.frame, upload_id: known.uploadId });
        return "already";
      }
      if (held && held.content_length === scan.size)
        return { urls: held.urls, partSize: held.max_upload_size, missing: held.missing, uploadId: held.upload_id };
    }
    // A start replaces whatever the frame held (an earlier, stalled try): a frame never gets two shots.
    const grant = await withRetries(retries, () =>
      api.json<UploadResponse>("POST", `/api/film/shot/${roll.id}/${scan.frame}/upload`, {
        content_type: scan.contentType,
        content_length: scan.size,
        file_name: scan.name,
      }),
    );
    journal.append({ t: "begin", film_id: roll.id, file: scan.name, size: scan.size, frame: scan.frame, upload_id: grant.upload_id });
    return { urls: grant.urls, partSize: grant.max_upload_size, missing: grant.urls.map((_, i) => i + 1), uploadId: grant.upload_id };
  }

  /** Sends one scan's missing parts; answers whether it was sent now or found whole on the server. */
  async function sendScan(scan: Scan, prepared: Promise<Plan | "already">, fresh = false): Promise<"sent" | "already"> {
    const id = `${roll.id}/${scan.name}`;
    const label = `#${String(scan.frame).padStart(2, "0")} ${scan.name}`;
    const plan = await prepared;
    if (plan === "already") return "already";
    const toSend = plan.missing.reduce((sum, p) => sum + partBytes(p, plan.partSize, scan.size), 0);
    view.fileStarted(id, label, scan.size, scan.size - toSend);
    try {
      for (const part of plan.missing) {
        const start = (part - 1) * plan.partSize;
        const length = partBytes(part, plan.partSize, scan.size);
        let attemptBytes = 0;
        const receipt = await withRetries(retries, async () => {
          // What a cut try sent is sent again: the bar goes back by as much.
          if (attemptBytes > 0) view.fileBytes(id, -attemptBytes);
          attemptBytes = 0;
          try {
            return await api.putFileRange<UploadPartReceipt>(plan.urls[part - 1]!, scan.path, start, length, (n) => {
              attemptBytes += n;
              view.fileBytes(id, n);
            });
          } catch (err) {
            // An earlier try (or run) arrived and only its answer was lost: the server has joined the whole file.
            if (err instanceof ApiError && err.code === "upload-finished") return null;
            throw err;
          }
        });
        result.bytes += length;
        if (receipt === null) break;
      }
    } catch (err) {
      // The server ended the upload meanwhile (no part came for too long during a long cut): once more from the start.
      const gone = err instanceof ApiError && err.status === 404 && !fresh;
      view.fileEnded(
        id,
        gone ? `restart ${label}: the server dropped the unfinished upload` : `failed ${label}: ${(err as Error).message}`,
      );
      if (gone) return sendScan(scan, prepare(scan, true), true);
      throw err;
    }
    journal.append({ t: "done", film_id: roll.id, file: scan.name, size: scan.size, frame: scan.frame, upload_id: plan.uploadId });
    view.fileEnded(id, `sent   ${label} (${formatBytes(scan.size)}) → frame ${scan.frame}`);
    return "sent";
  }

  const queue = [...scans];
  let stopped: unknown = null;
  /** Takes the next scan and starts preparing it at once; its failure is met when its turn comes. */
  const take = () => {
    const scan = queue.shift();
    if (!scan) return null;
    const prepared = prepare(scan);
    prepared.catch(() => undefined);
    return { scan, prepared };
  };
  async function worker() {
    // Each worker prepares its next scan while the bytes of the current one leave: a new upload's grant costs the
    // server a few queries, which would otherwise stand between every two files (decision 0053).
    let next = stopped === null ? take() : null;
    while (next && stopped === null) {
      const { scan, prepared } = next;
      next = stopped === null ? take() : null;
      try {
        if ((await sendScan(scan, prepared)) === "sent") result.sent++;
        else result.already++;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403 || PLAN_REFUSALS.has(err.code))) {
          // Every other file would meet the same refusal: stop here and say it once.
          stopped ??= err;
          result.failed.push({ file: scan.name, reason: `${err.code}: ${err.message}` });
          continue;
        }
        const reason =
          err instanceof ApiError ? (err.status === 0 ? `network: ${err.message}` : `${err.code}: ${err.message}`) : String(err);
        if (err instanceof ApiError && (err.status === 0 || err.status >= 500 || err.status === 429)) result.retryable = true;
        result.failed.push({ file: scan.name, reason });
      }
    }
    // A scan taken but not sent (the upload stopped meanwhile) goes back to the list of those left.
    if (next) queue.unshift(next.scan);
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, scans.length)) }, worker));
  for (const left of queue) result.failed.push({ file: left.name, reason: "not sent: the upload stopped" });
  if (stopped !== null) {
    assertKeyAccepted(stopped);
    throw stopped;
  }
  return result;
}
