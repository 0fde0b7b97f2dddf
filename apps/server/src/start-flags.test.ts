import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { START_FLAGS } from "./start-flags.ts";

const run = promisify(execFile);
const root = new URL("../../../", import.meta.url);

/**
 * A child process holding a server-sized live heap (≈ 40 MB of small objects) lets 256 MiB pass through in 64 KiB
 * buffers, a few held at a time as a streamed body's are, and prints the full collections that took.
 */
const STREAM = `
import { PerformanceObserver, constants } from "node:perf_hooks";
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

const majorCollections = async (flags: readonly string[]) => {
  const { stdout } = await run(process.execPath, [...flags, "--input-type=module", "-e", STREAM], {
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return (JSON.parse(stdout.trim()) as { majors: number }).majors;
};

describe("the server's start flags", () => {
  it("are on node's command line wherever the server starts for real", async () => {
    const start = JSON.parse(await readFile(new URL("package.json", root), "utf8")).scripts.start as string;
    const dockerfile = await readFile(new URL("Dockerfile", root), "utf8");
    const cmd = dockerfile.split("\n").find((line) => line.startsWith("CMD "));
    for (const flag of START_FLAGS) {
      expect(start).toContain(`node ${flag}`);
      expect(cmd).toContain(`"${flag}"`);
    }
  });

  it("let a large body through a server-sized heap with fewer full collections", async () => {
    const plain = await majorCollections([]);
    const started = await majorCollections(START_FLAGS);
    expect(plain).toBeGreaterThan(1);
    expect(started).toBeLessThan(plain);
  }, 60_000);
});
