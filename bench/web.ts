/**
 * The web app's two bench figures (issue 15), usable from `bench/run.ts` or on their own.
 *
 * `measureWebBundle(distDir, options?)` → `WebBundle`
 *   What a first visit to the landing page downloads, from a build made with Vite's manifest (`build.manifest`,
 *   on in apps/web/vite.config.ts): the entry of index.html with its static imports and CSS, the landing route's
 *   module (a lazy route) with its static imports, the modules the landing shows lazily (the footer's newsletter box)
 *   and the translations they load (the shell's namespaces, the landing route's and the box's, in one locale). Every file is
 *   sized raw, gzip (level 9) and brotli (quality 11), as the build precompresses them. `initialGzipBytes` is the
 *   JavaScript only (the "web initial JS"); CSS is apart. It also lists text assets without their `.br`/`.gz`.
 *
 * `prepareRollPage({ baseUrl, token, shots = 100 })` → film id
 *   Makes the roll to measure through the API: one 135 roll with `shots` scans (small JPEGs), uploaded and processed.
 *
 * `measureRollPage({ baseUrl, token, filmId, chromiumPath?, viewport? })` → `RollPage`
 *   Opens `/u/films/<filmId>` in headless Debian Chromium (playwright-core) as the token's user (the token is put
 *   where the web app keeps its session, so no sign-in page runs) and times, from the start of the navigation
 *   (`performance.now()` of the page): the first thumbnail loaded on screen (`firstThumbnailMs`) and every tile on
 *   the first screen showing its thumbnail (`firstScreenMs`), on a cold cache and again on a reload
 *   (`warmFirstScreenMs`), and how many script files the cold load fetched (`coldScripts`). Then it scrolls the
 *   page to the end at 60 px a frame and reports the frames seen while scrolling (`longestFrameMs`, `slowFrames`
 *   over 50 ms) and the most tiles the page held at once (`maxTilesInDom`; a virtualised sheet keeps it well under
 *   the roll's length).
 *
 * Standalone: `sh scripts/run.sh node bench/web.ts [distDir]` measures `distDir` (default apps/web/dist, built with
 * `npm run build`); then, on a server it starts itself with that build (or on BENCH_BASE_URL with BENCH_TOKEN), a
 * 100-shot roll page. `--bundle-only` skips the browser.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ROUTE_NAMESPACES } from "../apps/web/src/app/route-texts.ts";
import { SHELL_NAMESPACES } from "../apps/web/src/shared/i18n/namespaces.ts";

/** One file the landing page downloads. */
export interface WebBundleFile {
  file: string;
  kind: "js" | "css";
  /** Why it loads: the entry, the landing route, a lazy part of the landing, or a translation file. */
  reason: "entry" | "route" | "lazy" | "translations";
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface WebBundle {
  /** JavaScript the landing page loads, gzip-sized: the "web initial JS". */
  initialGzipBytes: number;
  initialBrotliBytes: number;
  initialRawBytes: number;
  initialJsFiles: number;
  cssGzipBytes: number;
  files: WebBundleFile[];
  /** The largest JavaScript chunk of the whole build (Vite warns above 500 kB). */
  largestChunk: { file: string; rawBytes: number };
  /** Text assets of the build without both a `.br` and a `.gz` next to them. */
  notPrecompressed: string[];
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The landing route's module and what the landing shows lazily right away (apps/web/src/app/…). */
const LANDING_MODULES = ["src/features/landing/landing-screen.tsx"];
const LANDING_LAZY_MODULES = ["src/features/newsletter/newsletter-box.tsx"];
const LANDING_LAZY_NAMESPACES = ["newsletter"];

export interface WebBundleOptions {
  locale?: string;
  /** Translation namespaces loaded before the landing's first paint. */
  namespaces?: readonly string[];
}

const TEXT = new Set([".js", ".css", ".html", ".json", ".svg", ".webmanifest", ".txt", ".map"]);

export async function measureWebBundle(distDir: string, options: WebBundleOptions = {}): Promise<WebBundle> {
  const locale = options.locale ?? "en-US";
  const namespaces = options.namespaces ?? [...SHELL_NAMESPACES, ...ROUTE_NAMESPACES["/"]!, ...LANDING_LAZY_NAMESPACES];
  const manifestPath = join(distDir, ".vite", "manifest.json");
  const manifest = JSON.parse(
    await readFile(manifestPath, "utf8").catch(() => {
      throw new Error(`${manifestPath} is missing: build the web app with build.manifest on`);
    }),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith("index.html"));
  if (!entryKey) throw new Error("no index.html entry in the manifest");

  const seen = new Map<string, WebBundleFile["reason"]>();
  const add = (key: string, reason: WebBundleFile["reason"]) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed?): update bench/web.ts`);
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, reason);
    for (const css of chunk.css ?? []) if (!seen.has(css)) seen.set(css, reason);
    for (const dep of chunk.imports ?? []) add(dep, reason);
  };
  add(entryKey, "entry");
  for (const key of LANDING_MODULES) add(key, "route");
  for (const key of LANDING_LAZY_MODULES) add(key, "lazy");
  for (const ns of namespaces) add(`src/locales/${locale}/${ns}.json`, "translations");

  const files: WebBundleFile[] = [];
  for (const [file, reason] of seen) {
    const bytes = await readFile(join(distDir, file));
    files.push({
      file,
      kind: file.endsWith(".css") ? "css" : "js",
      reason,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      brotliBytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const js = files.filter((f) => f.kind === "js");
  const sum = (list: WebBundleFile[], key: "rawBytes" | "gzipBytes" | "brotliBytes") => list.reduce((n, f) => n + f[key], 0);

  let largestChunk = { file: "", rawBytes: 0 };
  const notPrecompressed: string[] = [];
  for (const chunk of Object.values(manifest)) {
    const size = (await stat(join(distDir, chunk.file))).size;
    if (chunk.file.endsWith(".js") && size > largestChunk.rawBytes) largestChunk = { file: chunk.file, rawBytes: size };
  }
  for (const file of await listFiles(distDir)) {
    if (!TEXT.has(extname(file)) || file.startsWith(".vite/")) continue;
    const has = async (suffix: string) =>
      stat(join(distDir, file + suffix)).then(
        () => true,
        () => false,
      );
    if (!(await has(".br")) || !(await has(".gz"))) notPrecompressed.push(file);
  }
  return {
    initialGzipBytes: sum(js, "gzipBytes"),
    initialBrotliBytes: sum(js, "brotliBytes"),
    initialRawBytes: sum(js, "rawBytes"),
    initialJsFiles: js.length,
    cssGzipBytes: sum(
      files.filter((f) => f.kind === "css"),
      "gzipBytes",
    ),
    files,
    largestChunk,
    notPrecompressed,
  };
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, path)));
    else out.push(path);
  }
  return out;
}

export interface RollPageSetup {
  /** The server, with the built web app (WEB_DIST). */
  baseUrl: string;
  /** An access token of the roll's owner (`npm run token`). */
  token: string;
}

/** Makes a roll of `shots` processed scans for measureRollPage; gives its id. */
export async function prepareRollPage({ baseUrl, token, shots = 100 }: RollPageSetup & { shots?: number }): Promise<string> {
  const { default: sharp } = await import("sharp");
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
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
    body: { brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41", n_exp: shots },
  });
  const scan = await sharp({
    create: { width: 1500, height: 1000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  for (let index = 1; index <= shots; index++) {
    const begin = await api(`/film/shot/${film.id}/${index}/upload`, {
      method: "POST",
      body: { content_type: "image/jpeg", content_length: scan.length },
    });
    for (const [i, url] of (begin.urls as string[]).entries()) {
      const part = scan.subarray(i * begin.max_upload_size, (i + 1) * begin.max_upload_size);
      const res = await fetch(`${baseUrl}${url}`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: part });
      if (!res.ok) throw new Error(`shot ${index}, chunk ${i + 1}: ${res.status} ${await res.text()}`);
    }
  }
  for (let i = 0; i < 1200; i++) {
    const states = ((await api(`/film/${film.id}`)).shots as { state: string }[]).map((shot) => shot.state);
    if (states.length >= shots && states.every((state) => state === "done" || state === "error")) {
      if (states.includes("error")) throw new Error("some scans failed processing");
      return film.id as string;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the scans were not processed in 5 minutes");
}

export interface RollPage {
  shots: number;
  /** Navigation start → the first thumbnail loaded and on screen (cold cache). */
  firstThumbnailMs: number;
  /** Navigation start → every tile on the first screen showing its thumbnail (cold cache). */
  firstScreenMs: number;
  /** The same after a reload (scripts and thumbnails cached, as on a second visit). */
  warmFirstScreenMs: number;
  /** Tiles on the first screen. */
  tilesOnFirstScreen: number;
  /** Script files the cold load fetched: over HTTP/1.1 each costs a turn on one of six connections. */
  coldScripts: number;
  /** While scrolling to the end: the longest frame, and how many took over 50 ms. */
  longestFrameMs: number;
  slowFrames: number;
  frames: number;
  /** The most tiles in the page at once. */
  maxTilesInDom: number;
}

// Runs in the page from its first script on: records when thumbnails show, by performance.now() (navigation start = 0).
const WATCH_THUMBNAILS = `(() => {
  const seen = (window.__rollPage = { first: null, screen: null, tiles: 0 });
  const onScreen = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
  const shown = (tile) => { const img = tile.querySelector("img"); return !!img && img.complete && img.naturalWidth > 0; };
  const tick = () => {
    const tiles = [...document.querySelectorAll("[data-shot-tile]")].filter(onScreen);
    if (tiles.length) {
      if (seen.first === null && tiles.some(shown)) seen.first = performance.now();
      if (tiles.every(shown)) { seen.screen = performance.now(); seen.tiles = tiles.length; return; }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Opens a roll's page in headless Chromium and times its thumbnails and its scrolling (see the top of this file). */
export async function measureRollPage(
  options: RollPageSetup & { filmId: string; chromiumPath?: string; viewport?: { width: number; height: number } },
): Promise<RollPage> {
  const { chromium } = await import("playwright-core");
  const config = await (await fetch(`${options.baseUrl}/api/config`)).json();
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, locale: "en-US" });
    // The session as oidc-client-ts keeps it (localStorage, keyed by authority and client): the app starts signed in.
    const session = {
      access_token: options.token,
      token_type: "Bearer",
      scope: "openid",
      profile: { sub: "bench" },
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    };
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: `oidc.user:${config.identity.authority}:${config.identity.client_id}`,
      value: JSON.stringify(session),
    });
    await context.addInitScript(WATCH_THUMBNAILS);
    const page = await context.newPage();
    const url = `${options.baseUrl}/u/films/${encodeURIComponent(options.filmId)}`;
    const firstScreen = async () => {
      await page.waitForFunction(() => (window as unknown as { __rollPage: { screen: number | null } }).__rollPage.screen !== null, null, {
        timeout: 30_000,
      });
      return page.evaluate(() => (window as unknown as { __rollPage: { first: number; screen: number; tiles: number } }).__rollPage);
    };
    await page.goto(url);
    const cold = await firstScreen();
    const coldScripts = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js")).length,
    );
    await page.reload();
    const warm = await firstScreen();
    const shots = await page.evaluate(() =>
      Number(document.querySelector("[data-shot-sheet]")?.getAttribute("aria-label")?.match(/\d+/)?.[0] ?? 0),
    );

    const scrolling = await page.evaluate(
      () =>
        new Promise<{ frames: number[]; maxTiles: number }>((resolve) => {
          const frames: number[] = [];
          let maxTiles = 0;
          let last = performance.now();
          const step = (now: number) => {
            frames.push(now - last);
            last = now;
            maxTiles = Math.max(maxTiles, document.querySelectorAll("[data-shot-tile]").length);
            const end = document.documentElement.scrollHeight - innerHeight;
            if (scrollY >= end - 1) return resolve({ frames: frames.slice(1), maxTiles });
            scrollBy(0, 60);
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
    );
    return {
      shots,
      firstThumbnailMs: Math.round(cold.first),
      firstScreenMs: Math.round(cold.screen),
      warmFirstScreenMs: Math.round(warm.screen),
      tilesOnFirstScreen: cold.tiles,
      coldScripts,
      longestFrameMs: Math.round(Math.max(0, ...scrolling.frames)),
      slowFrames: scrolling.frames.filter((ms) => ms > 50).length,
      frames: scrolling.frames.length,
      maxTilesInDom: scrolling.maxTiles,
    };
  } finally {
    await browser.close();
  }
}

/** A server of this checkout on a free port with the build in `distDir`, a token of a fresh user; stopped by `stop()`. */
async function startServer(distDir: string) {
  const { execFile } = await import("node:child_process");
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { promisify } = await import("node:util");
  const { startBenchServer } = await import("./bench-support.ts");
  const root = new URL("..", import.meta.url).pathname;
  const dataDir = await mkdtemp(join(tmpdir(), "latent-bench-web-"));
  const server = await startBenchServer({ dataDir, env: { WEB_DIST: distDir } });
  const { stdout } = await promisify(execFile)(process.execPath, ["apps/server/src/cli/token.ts", "--email", "bench-web@example.com"], {
    cwd: root,
    env: { ...process.env, ...server.env },
  });
  return {
    baseUrl: server.base,
    token: stdout.trim(),
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const args = process.argv.slice(2);
  const distDir = args.find((a) => !a.startsWith("--")) ?? new URL("../apps/web/dist", import.meta.url).pathname;
  const bundle = await measureWebBundle(distDir);
  console.log(
    `Landing page: ${bundle.initialJsFiles} JS files, ${kb(bundle.initialGzipBytes)} gzip (${kb(bundle.initialBrotliBytes)} brotli, ${kb(bundle.initialRawBytes)} raw), CSS ${kb(bundle.cssGzipBytes)} gzip`,
  );
  for (const f of bundle.files) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.reason.padEnd(12)} ${f.file}`);
  console.log(`Largest chunk: ${bundle.largestChunk.file} ${kb(bundle.largestChunk.rawBytes)} raw`);
  console.log(`Text assets without .br/.gz: ${bundle.notPrecompressed.length}`);

  if (!args.includes("--bundle-only")) {
    const own = process.env.BENCH_BASE_URL ? null : await startServer(distDir);
    try {
      const setup = own ?? { baseUrl: process.env.BENCH_BASE_URL!, token: process.env.BENCH_TOKEN ?? "" };
      console.log("Preparing a 100-shot roll…");
      const filmId = process.env.BENCH_FILM_ID ?? (await prepareRollPage({ ...setup, shots: 100 }));
      const roll = await measureRollPage({ ...setup, filmId });
      console.log(
        `Roll page, ${roll.shots} shots: first thumbnail ${roll.firstThumbnailMs} ms, first screen (${roll.tilesOnFirstScreen} tiles) ${roll.firstScreenMs} ms cold (${roll.coldScripts} scripts), ${roll.warmFirstScreenMs} ms warm`,
      );
      console.log(
        `Scrolling to the end: ${roll.frames} frames, longest ${roll.longestFrameMs} ms, ${roll.slowFrames} over 50 ms; at most ${roll.maxTilesInDom} tiles in the page`,
      );
    } finally {
      await own?.stop();
    }
  }
}
