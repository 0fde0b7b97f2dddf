import { setFlagsFromString } from "node:v8";

/**
 * V8's collection schedule while scans stream in (decision 0034).
 *
 * An upload's bytes arrive as 64 KB buffers outside the JS heap. With V8's own schedule the server, whose live heap
 * is ≈ 45 MB of loaded code, ran a full mark-compact every ≈ 16 MB received: the heap limit it sets after each
 * collection lies closer to the live size than the young generation's capacity, so a task starts marking again as
 * soon as the last collection ends. Each costs ≈ 30–50 ms of CPU on a machine whose other core is the client's. A
 * growing factor of 3 and the buffers counted in the same global limit leave 0–2 collections per 137 MB upload
 * (7–9 before) and halve the server's CPU per upload.
 *
 * Only while a body streams: the same flags kept for good let garbage wait, and an idle server does not collect it
 * (RSS after the bench's processing and load test rose from ≈ 260–290 MB to ≈ 320–330 MB).
 */
export const STREAMING_FLAGS = ["--heap-growing-percent=200", "--external-memory-accounted-in-global-limit"] as const;
/** V8's own settings of the same flags, put back when the last stream ends. */
const DEFAULT_FLAGS = ["--heap-growing-percent=0", "--no-external-memory-accounted-in-global-limit"] as const;

const nameOf = (flag: string) => (flag.replace(/^--(no-)?/, "").split("=")[0] ?? "").replaceAll("_", "-");

/** The indexes of the flags this process may set: not those the operator gave on node's command line (theirs win). */
export function tunableFlags(execArgv: readonly string[]): number[] {
  const given = new Set(execArgv.filter((arg) => arg.startsWith("--")).map(nameOf));
  return STREAMING_FLAGS.flatMap((flag, i) => (given.has(nameOf(flag)) ? [] : [i]));
}

const tunable = tunableFlags(process.execArgv);
let streams = 0;

/**
 * Marks a large body streaming through this process; answers the function that ends it. V8 reads both flags at each
 * collection, so setting them while the process runs takes effect from the next one.
 */
export function streamingBody(): () => void {
  if (streams++ === 0) for (const i of tunable) setFlagsFromString(STREAMING_FLAGS[i] as string);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--streams === 0) for (const i of tunable) setFlagsFromString(DEFAULT_FLAGS[i] as string);
  };
}

/** How many bodies are streaming now. */
export const streamingBodies = () => streams;
