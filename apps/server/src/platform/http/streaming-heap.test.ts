import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { streamingBodies, streamingBody, tunableFlags } from "./streaming-heap.ts";

const run = promisify(execFile);

/**
 * A child process holding a server-sized live heap (≈ 40 MB of small objects) lets 256 MiB pass through in 64 KiB
 * buffers, a few held at a time as a streamed body's are, and counts the full collections that took.
 */
const STREAM = `
import { PerformanceObserver, constants } from "node:perf_hooks";
const { streamingBody } = await import(${JSON.stringify(new URL("./streaming-heap.ts", import.meta.url).href)});
const live = [];
for (let i = 0; i < 400_000; i++) live.push({ i, s: "x" + i, a: [i] });
let majors = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ["gc"] });
const pass = async () => {
  await new Promise((r) => setTimeout(r, 50));
  majors = 0;
  let held = [];
  for (let i = 0; i < 4096; i++) {
    held.push(Buffer.allocUnsafeSlow(65536).fill(i & 255));
    if (held.length > 16) held = [];
    if (i % 64 === 0) await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => setTimeout(r, 100));
  return majors;
};
const counts = [];
for (const mode of process.argv.slice(1)) {
  const end = mode === "streaming" ? streamingBody() : () => {};
  counts.push(await pass());
  end();
}
console.log(JSON.stringify({ counts, live: live.length }));
`;

const majorCollections = async (...modes: ("streaming" | "plain")[]) => {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", STREAM, ...modes], {
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return (JSON.parse(stdout.trim()) as { counts: number[] }).counts;
};

describe("heap tuning while bodies stream", () => {
  it("tunes both flags unless the operator gave them on node's command line, in either spelling", () => {
    expect(tunableFlags([])).toEqual([0, 1]);
    expect(tunableFlags(["--max-semi-space-size=16", "--enable-source-maps"])).toEqual([0, 1]);
    expect(tunableFlags(["--heap_growing_percent=50"])).toEqual([1]);
    expect(tunableFlags(["--no-external-memory-accounted-in-global-limit", "--heap-growing-percent=0"])).toEqual([]);
  });

  it("stays tuned until the last of overlapping streams ends, and counts each end once", () => {
    const first = streamingBody();
    const second = streamingBody();
    expect(streamingBodies()).toBe(2);
    first();
    first();
    expect(streamingBodies()).toBe(1);
    second();
    expect(streamingBodies()).toBe(0);
  });

  it("passes a large body through a server-sized heap with fewer full collections", async () => {
    const [plain, streaming] = await majorCollections("plain", "streaming");
    expect(plain).toBeGreaterThan(1);
    expect(streaming).toBeLessThan(plain as number);
  }, 60_000);
});
