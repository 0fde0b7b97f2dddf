import { setFlagsFromString } from "node:v8";

/**
 * V8's collection schedule for a server that streams scans (decision 0018, round 4).
 *
 * An upload's bytes arrive as 64 KB buffers outside the JS heap. With V8's own schedule the server, whose live heap
 * is ≈ 45 MB of loaded code, ran a full mark-compact every ≈ 16 MB received: the heap limit it sets after each
 * collection lies closer to the live size than the young generation's capacity, so a task starts marking again as
 * soon as the last collection ends. Each costs ≈ 30–50 ms of CPU on a machine whose other core is the client's. A
 * growing factor of 3 and the buffers counted in the same global limit leave 0–2 collections per 137 MB upload
 * (7–9 before) and halve the server's CPU per upload. The price is garbage that waits longer for its collection:
 * the memory figures after work are in the bench (`npm run bench`) and the decision.
 */
export const HEAP_FLAGS = ["--heap-growing-percent=200", "--external-memory-accounted-in-global-limit"] as const;

const nameOf = (flag: string) => (flag.replace(/^--(no-)?/, "").split("=")[0] ?? "").replaceAll("_", "-");

/** HEAP_FLAGS less those the operator already gave on node's command line, in either spelling: their choice wins. */
export function heapFlagsFor(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.filter((arg) => arg.startsWith("--")).map(nameOf));
  return HEAP_FLAGS.filter((flag) => !given.has(nameOf(flag)));
}

/**
 * Applies the heap flags to this process and answers them. V8 reads both at each collection, so setting them once
 * the process runs takes effect from the next one.
 */
export function tuneHeap(execArgv: readonly string[] = process.execArgv): string[] {
  const applied = heapFlagsFor(execArgv);
  for (const flag of applied) setFlagsFromString(flag);
  return applied;
}
