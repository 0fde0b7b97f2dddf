/**
 * Pages on a phone (issue 32, goal 4): Lighthouse's default mobile emulation (a mid-range phone, simulated slow 4G
 * and a 4× slower CPU) on the landing, pricing, a shared roll (`/film?code=…`) and the phone companion (`/m/`, signed
 * in), each run `runs` times in a fresh Debian Chromium (/usr/bin/chromium, the flags of DESIGN.md, a new profile
 * each run: a cold cache, as a first visit). Per page, the medians of the performance score, the LCP and the
 * first-party JavaScript and CSS left unused at load (transfer bytes, as Lighthouse estimates them: every file,
 * without the audits' 20 KiB / 10 KiB reporting thresholds), with what Lighthouse says of the first run: the LCP
 * element, the render-blocking requests and the unused bytes per file.
 *
 * `measureLighthouse({ base, env, quick })` runs on a server already up (bench/run.ts's, with the built web app):
 * it makes a photographer (the token CLI with the server's `env`), a roll of a few processed scans and its share link.
 * `--quick`: the landing only, one run (what CI runs). Standalone: `sh scripts/run.sh node bench/lighthouse.ts
 * [distDir] [--quick] [--runs N] [--page landing|pricing|shared-roll|companion] [--keep DIR]` starts a server of its own
 * on PGlite with `distDir` (default apps/web/dist, from `npm run build`); `--keep` writes each run's report JSON.
 * Lighthouse's figures depend on the machine's load (its CPU work is measured, then scaled): note `uptime` beside them.
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type BenchRow, startBenchServer } from "./bench-support.ts";

/** One Lighthouse run of one page: its figures and what it says about them. */
export interface PageRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  unusedJsBytes: number;
  unusedCssBytes: number;
  lcpElement: string;
  renderBlocking: string[];
  unusedPerFile: { url: string; bytes: number }[];
  /** Lighthouse's measure of the CPU at the time (higher is faster; a loaded machine scores low and its metrics suffer). */
  benchmarkIndex: number;
}

const root = new URL("..", import.meta.url).pathname;
/** Debian's Chromium with the flags of DESIGN.md: without the background-networking ones it floods the closed network. */
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PAGES = ["landing", "pricing", "shared-roll", "companion"] as const;
type PageName = (typeof PAGES)[number];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A photographer with a roll of `shots` processed scans and a link sharing it: what the shared roll and companion show. */
export async function seedSharedRoll(base: string, env: Record<string, string>, shots: number) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["apps/server/src/cli/token.ts", "--email", "lighthouse@example.com", "--role", "user"],
    { cwd: root, env: { ...process.env, ...env } },
  );
  const token = stdout.trim();
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  await api("/user/privacy-policy", { method: "POST" });
  const film = await api("/film", {
    method: "POST",
    body: { brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41", name: "Lisbon in June" },
  });
  const { default: sharp } = await import("sharp");
  for (let index = 1; index <= shots; index++) {
    // Each scan its own picture (a gradient of another hue), so thumbnails differ as a real roll's do.
    const scan = await sharp({
      create: { width: 1800, height: 1200, channels: 3, background: { r: 40 * index, g: 120, b: 200 - 20 * index } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 600, height: 400, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
            .png()
            .toBuffer(),
          top: 400,
          left: 600,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const begin = await api(`/film/shot/${film.id}/${index}/upload`, {
      method: "POST",
      body: { content_type: "image/jpeg", content_length: scan.length },
    });
    for (const [i, url] of (begin.urls as string[]).entries()) {
      const part = scan.subarray(i * begin.max_upload_size, (i + 1) * begin.max_upload_size);
      const res = await fetch(`${base}${url}`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: part });
      if (!res.ok) throw new Error(`shot ${index}, chunk ${i + 1}: ${res.status} ${await res.text()}`);
    }
  }
  for (let i = 0; ; i++) {
    const states = ((await api(`/film/${film.id}`)).shots as { state: string }[]).map((s) => s.state);
    if (states.length >= shots && states.every((s) => s === "done" || s === "error")) break;
    if (i > 1200) throw new Error("the scans were not processed in 5 minutes");
    await sleep(250);
  }
  const share = (await api(`/film/${film.id}/share`, { method: "POST", body: { expiry: "7d" } })) as { code: string };
  return { token, sharePath: `/film?code=${encodeURIComponent(share.code)}` };
}

/** A fresh Chromium with a remote-debugging port for Lighthouse, on a new profile; `close()` ends it and removes the profile. */
async function launchChromium() {
  const profile = await mkdtemp(join(tmpdir(), "latent-lighthouse-chromium-"));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: "ignore",
  });
  let port = 0;
  for (let i = 0; i < 300 && !port; i++) {
    if (child.exitCode !== null) throw new Error(`${CHROMIUM} exited with ${child.exitCode}`);
    port = Number((await readFile(join(profile, "DevToolsActivePort"), "utf8").catch(() => "")).split("\n")[0]) || 0;
    if (!port) await sleep(100);
  }
  if (!port) throw new Error(`${CHROMIUM} gave no debugging port in 30 s`);
  return {
    port,
    async close() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      // Chromium's helpers may still be writing into the profile for a moment after it exits.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => undefined);
    },
  };
}

/** Writes localStorage entries for an origin through the DevTools protocol, on a page of the origin that loads nothing else. */
async function putLocalStorage(port: number, origin: string, entries: Record<string, string>) {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?${origin}/robots.txt`, { method: "PUT" })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const answers = new Map<number, (answer: { result?: { result?: { value?: unknown } }; error?: unknown }) => void>();
  socket.onmessage = (event) => {
    const answer = JSON.parse(String(event.data));
    answers.get(answer.id)?.(answer);
  };
  let id = 0;
  const evaluate = (expression: string) =>
    new Promise<{ result?: { result?: { value?: unknown } }; error?: unknown }>((resolve) => {
      answers.set(++id, resolve);
      socket.send(JSON.stringify({ id, method: "Runtime.evaluate", params: { expression, returnByValue: true } }));
    });
  const put = Object.entries(entries)
    .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)}), `)
    .join("");
  // The page may still be on about:blank, or between documents: write once robots.txt's document is there.
  let answer: Awaited<ReturnType<typeof evaluate>> = {};
  for (let i = 0; i < 100; i++) {
    answer = await evaluate(`location.origin === ${JSON.stringify(origin)} && document.readyState === "complete" && (${put} true)`);
    if (answer.result?.result?.value === true) break;
    await sleep(100);
  }
  socket.close();
  await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  if (answer.result?.result?.value !== true) throw new Error(`could not sign the companion in: ${JSON.stringify(answer)}`);
}

/** One Lighthouse run (default config: mobile) of `url` in a fresh Chromium. */
async function runOnce(url: string, origin: string, storage: Record<string, string> | null, keep?: string): Promise<PageRun> {
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium();
  try {
    if (storage) await putLocalStorage(chromium.port, origin, storage);
    const result = await lighthouse(
      url,
      // A fresh profile is already a first visit; keeping storage keeps the companion's session.
      { port: chromium.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true },
      {
        extends: "lighthouse:default",
        // Every file's unused bytes, not only those over the audit's 20 KiB reporting threshold.
        audits: [{ path: "byte-efficiency/unused-javascript", options: { unusedThreshold: 0, bundleSourceUnusedThreshold: 0 } }],
      },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (keep) await writeFile(join(keep, `${new URL(url).pathname.replace(/\W+/g, "-")}-${Date.now()}.json`), JSON.stringify(lhr));
    const firstParty = (u: string) => u.startsWith(origin);
    type Item = { url: string; wastedBytes: number; transferSize?: number; resourceSize?: number };
    const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
    const unusedJs = items("unused-javascript").filter((i) => firstParty(i.url));
    // The CSS audit lists only sheets wasting over 10 KiB: its own computation (unused share × transfer size) of every sheet.
    const { UnusedCSS } = await import("lighthouse/core/computed/unused-css.js");
    const sheets = (await UnusedCSS.request(
      { Stylesheets: artifacts.Stylesheets, CSSUsage: artifacts.CSSUsage, devtoolsLog: artifacts.DevtoolsLog },
      { computedCache: new Map() } as never,
    )) as Item[];
    const unusedCss = sheets.filter((i) => firstParty(i.url));
    const lcpElement =
      ((lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] })?.items?.[0]
        ?.items?.[0]?.node?.snippet ??
        (lhr.audits["lcp-breakdown-insight"]?.details as { items?: { type: string; snippet?: string }[] } | undefined)?.items?.find(
          (i) => i.type === "node",
        )?.snippet) ||
      "?";
    const blocking = (lhr.audits["render-blocking-insight"]?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
    const sum = (list: { wastedBytes: number }[]) => list.reduce((n, i) => n + i.wastedBytes, 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      unusedJsBytes: sum(unusedJs),
      unusedCssBytes: sum(unusedCss),
      lcpElement: lcpElement.slice(0, 100),
      renderBlocking: blocking.map((b) => b.url ?? "").filter(Boolean),
      unusedPerFile: [...unusedJs, ...unusedCss]
        .map((i) => ({ url: i.url.slice(origin.length), bytes: i.wastedBytes }))
        .filter((i) => i.bytes >= 512)
        .sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await chromium.close();
  }
}

/** Lighthouse on the four pages of the goal, `runs` times each; the medians as bench rows. */
export async function measureLighthouse(options: {
  base: string;
  env: Record<string, string>;
  quick: boolean;
  runs?: number;
  pages?: readonly PageName[];
  keep?: string;
  log?: (line: string) => void;
}): Promise<BenchRow[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const runs = options.runs ?? (options.quick ? 1 : 3);
  const pages = options.pages ?? (options.quick ? (["landing"] as const) : PAGES);
  const origin = new URL(options.base).origin;
  if (options.keep) await mkdir(options.keep, { recursive: true });
  const needsSeed = pages.includes("shared-roll") || pages.includes("companion");
  const seeded = needsSeed ? await seedSharedRoll(options.base, options.env, 6) : null;
  const config = (await (await fetch(`${options.base}/api/config`)).json()) as { identity: { authority: string; client_id: string } };
  // The session as oidc-client-ts keeps it (shared/auth/stored-user-key.ts): the companion opens signed in.
  const session = seeded && {
    [`oidc.user:${config.identity.authority}:${config.identity.client_id}`]: JSON.stringify({
      access_token: seeded.token,
      token_type: "Bearer",
      scope: "openid",
      profile: { sub: "lighthouse" },
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    }),
  };
  const targets: Record<PageName, { path: string; storage: Record<string, string> | null }> = {
    landing: { path: "/", storage: null },
    pricing: { path: "/pricing", storage: null },
    "shared-roll": { path: seeded?.sharePath ?? "", storage: null },
    companion: { path: "/m/", storage: session },
  };
  const rows: BenchRow[] = [];
  for (const name of pages) {
    const { path, storage } = targets[name];
    const done: PageRun[] = [];
    for (let i = 0; i < runs; i++) done.push(await runOnce(`${options.base}${path}`, origin, storage, options.keep));
    const first = done[0]!;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    log(
      `  Lighthouse ${name}: scores ${done.map((r) => r.score).join(", ")}; LCP ${done.map((r) => Math.round(r.lcpMs)).join(", ")} ms; ` +
        `FCP ${Math.round(first.fcpMs)} ms, TBT ${done.map((r) => Math.round(r.tbtMs)).join(", ")} ms; ` +
        `CPU benchmark ${done.map((r) => Math.round(r.benchmarkIndex)).join(", ")}; LCP element ${first.lcpElement}`,
    );
    log(`    render-blocking: ${first.renderBlocking.map((u) => u.replace(origin, "")).join(", ") || "none"}`);
    log(`    unused at load: ${first.unusedPerFile.map((f) => `${f.url} ${kb(f.bytes)}`).join(", ") || "none"}`);
    const score = median(done.map((r) => r.score));
    const lcp = median(done.map((r) => r.lcpMs));
    const js = median(done.map((r) => r.unusedJsBytes)) / 1024;
    const css = median(done.map((r) => r.unusedCssBytes)) / 1024;
    const of = runs === 1 ? "1 run" : `median of ${runs}`;
    rows.push(
      {
        figure: `Lighthouse mobile, ${name}: performance score (${of})`,
        value: score,
        baseline: null,
        ratio: null,
        goal: "≥ 90",
        meets: score >= 90,
        note: `TBT ${Math.round(median(done.map((r) => r.tbtMs)))} ms, CPU benchmark ${Math.round(median(done.map((r) => r.benchmarkIndex)))}`,
      },
      {
        figure: `Lighthouse mobile, ${name}: LCP (ms, ${of})`,
        value: lcp,
        baseline: null,
        ratio: null,
        goal: "≤ 2500",
        meets: lcp <= 2500,
        unit: "ms",
        note: first.lcpElement,
      },
      {
        figure: `Lighthouse mobile, ${name}: first-party JS + CSS unused at load (KB, ${of})`,
        value: js + css,
        baseline: null,
        ratio: null,
        goal: "≤ 30",
        meets: js + css <= 30,
        unit: "KB",
        note: `JS ${js.toFixed(1)}, CSS ${css.toFixed(1)}`,
      },
    );
  }
  return rows;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const flagValues = new Set(["--runs", "--page", "--keep"].map(value));
  const distDir = args.find((a) => !a.startsWith("--") && !flagValues.has(a)) ?? join(root, "apps", "web", "dist");
  const quick = args.includes("--quick");
  const page = value("--page") as PageName | undefined;
  if (page && !PAGES.includes(page)) throw new Error(`--page: one of ${PAGES.join(", ")}`);
  const dataDir = await mkdtemp(join(tmpdir(), "latent-bench-lighthouse-"));
  const server = await startBenchServer({ dataDir, env: { WEB_DIST: distDir }, readyWithinMs: 120_000 });
  const { base, env } = server;
  try {
    const rows = await measureLighthouse({
      base,
      env,
      quick,
      runs: value("--runs") ? Number(value("--runs")) : undefined,
      pages: page ? [page] : undefined,
      keep: value("--keep"),
    });
    for (const r of rows) {
      const shown = typeof r.value === "number" ? (Number.isInteger(r.value) ? String(r.value) : r.value.toFixed(1)) : String(r.value);
      console.log(
        `${r.meets ? "ok " : "NO "} ${r.figure}: ${shown}${r.unit ? ` ${r.unit}` : ""} (goal ${r.goal})${r.note ? `; ${r.note}` : ""}`,
      );
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
