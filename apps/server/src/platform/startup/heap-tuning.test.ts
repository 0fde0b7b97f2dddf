import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { HEAP_FLAGS, heapFlagsFor } from "./heap-tuning.ts";

const run = promisify(execFile);

/**
 * A child process holding a server-sized live heap (≈ 40 MB of small objects) lets 256 MiB pass through in 64 KiB
 * buffers, a few held at a time as a streamed body's are, and counts the full collections that took.
 */
const STREAM = `
import { PerformanceObserver, constants } from "node:perf_hooks";
if (process.argv[1] === "tuned") (await import(${JSON.stringify(new URL("./heap-tuning.ts", import.meta.url).href)})).tuneHeap([]);
const live = [];
for (let i = 0; i < 400_000; i++) live.push({ i, s: "x" + i, a: [i] });
let majors = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ["gc"] });
await new Promise((r) => setTimeout(r, 50));
majors = 0;
let held = [];
for (let i = 0; i < 4096; i++) {
  held.push(Buffer.allocUnsafeSlow(65536).fill(i & 255));
  if (held.length > 16) held = [];
  if (i % 64 === 0) await new Promise((r) => setImmediate(r));
}
await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ majors, live: live.length }));
`;

const majorCollections = async (mode: "tuned" | "default") => {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", STREAM, mode], {
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return (JSON.parse(stdout.trim()) as { majors: number }).majors;
};

describe("heap tuning", () => {
  it("applies both flags when the operator gave neither", () => {
    expect(heapFlagsFor([])).toEqual([...HEAP_FLAGS]);
    expect(heapFlagsFor(["--max-semi-space-size=16", "--enable-source-maps"])).toEqual([...HEAP_FLAGS]);
  });

  it("leaves a flag the operator gave on node's command line, in either spelling", () => {
    expect(heapFlagsFor(["--heap_growing_percent=50"])).toEqual(["--external-memory-accounted-in-global-limit"]);
    expect(heapFlagsFor(["--no-external-memory-accounted-in-global-limit", "--heap-growing-percent=0"])).toEqual([]);
  });

  it("streams a large body through a server-sized heap with fewer full collections", async () => {
    const [untuned, tuned] = await Promise.all([majorCollections("default"), majorCollections("tuned")]);
    expect(untuned).toBeGreaterThan(1);
    expect(tuned).toBeLessThan(untuned);
  }, 60_000);
});
