/**
 * `npm run mutation:module -- <name> [<name> …]`: StrykerJS over one rule module at a time, with only the tests that
 * cover it, then the module's row in reports/mutation/summary.md (kept in the repository; the HTML report is not).
 * A whole `npm run mutation` runs every API test file for every module and takes hours; one module with its own
 * tests takes minutes, and incremental mode (stryker.config.json) re-tests only mutants whose code or tests changed.
 * `--parallel` runs the named modules side by side, each in its own sandbox (one per core is what a machine holds).
 * Reading a run: under a survivor, the clear-text report's "Tests ran" lists the tests that cover it; how many of them
 * actually ran is `testsCompleted` in the module's incremental file (all of them, for a survivor).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

interface RuleModule {
  file: string;
  /** Unit test files (paths) and API test files (names under apps/server/test, without `.int.test.ts`). */
  unit: string[];
  api: string[];
}

/** The rule modules of issue 25's areas and the tests that pin their rules. */
export const RULE_MODULES: Record<string, RuleModule> = {
  purchases: {
    file: "apps/server/src/features/purchases/purchases.service.ts",
    unit: [],
    api: ["purchases", "reliability-payments", "purchases-rules", "purchases-events-rules"],
  },
  shop: {
    file: "apps/server/src/features/shop/shop.service.ts",
    unit: [],
    api: ["shop", "reliability-payments", "shop-rules", "shop-edges"],
  },
  stickers: { file: "apps/server/src/features/stickers/stickers.service.ts", unit: [], api: ["shop", "sticker-lookup", "stickers-rules"] },
  orders: {
    file: "apps/server/src/features/labs/orders/orders.service.ts",
    unit: [],
    api: ["orders", "order-collection", "order-signup", "orders-rules", "roll-life"],
  },
  integrations: {
    file: "apps/server/src/features/labs/integrations/integrations.service.ts",
    unit: [],
    api: ["integrations", "integrations-rules"],
  },
  "account-security": {
    file: "apps/server/src/features/identity/security/account-security.ts",
    unit: [
      "apps/server/src/features/identity/security/totp.test.ts",
      "apps/server/src/features/identity/security/account-security.test.ts",
    ],
    api: ["account-security", "account-security-rules"],
  },
  "device-pairing": {
    file: "apps/server/src/features/identity/pairing/device-pairing.ts",
    unit: ["apps/server/src/features/identity/pairing/device-pairing.test.ts"],
    api: ["plugins", "device-pairing-rules"],
  },
  "realtime-tickets": {
    file: "apps/server/src/features/realtime/realtime-tickets.ts",
    unit: ["apps/server/src/features/realtime/realtime-tickets.test.ts"],
    api: ["realtime"],
  },
  "reply-cache": {
    file: "apps/server/src/platform/http/reply-cache.ts",
    unit: ["apps/server/src/platform/http/reply-cache.test.ts"],
    api: ["reply-cache"],
  },
  entitlements: {
    file: "apps/server/src/features/entitlements/entitlements.service.ts",
    unit: ["apps/server/src/features/entitlements/entitlements.service.test.ts"],
    api: ["entitlements"],
  },
};

const SUMMARY = "reports/mutation/summary.md";

interface Counts {
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  /** Mutants a `// Stryker disable` comment in the module turns off, each with the reason it changes no behaviour. */
  ignored: number;
  other: number;
}

/** Killed share as Stryker counts it: killed and timed-out mutants over all valid ones. */
const score = (c: Counts) => {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? 100 : ((c.killed + c.timeout) / valid) * 100;
};

/**
 * A module's counts from its incremental file, which Stryker rewrites at the end of each run with every mutant's
 * status (the JSON report would do too, but two modules running at once would write the same one).
 */
function countsOf(file: string, incrementalFile: string): Counts {
  const report = JSON.parse(readFileSync(incrementalFile, "utf8")) as { files: Record<string, { mutants: { status: string }[] }> };
  const entry = Object.entries(report.files).find(([name]) => relative(process.cwd(), name) === file || name.endsWith(file));
  const counts: Counts = { killed: 0, survived: 0, timeout: 0, noCoverage: 0, ignored: 0, other: 0 };
  for (const { status } of entry?.[1].mutants ?? []) {
    if (status === "Killed") counts.killed++;
    else if (status === "Survived") counts.survived++;
    else if (status === "Timeout") counts.timeout++;
    else if (status === "NoCoverage") counts.noCoverage++;
    else if (status === "Ignored") counts.ignored++;
    else counts.other++;
  }
  return counts;
}

/** The summary's rows by module name, from the table in the file (the text after the table is kept as written). */
function readSummary(): { rows: Map<string, string>; notes: string } {
  if (!existsSync(SUMMARY)) return { rows: new Map(), notes: "\n## Surviving mutants explained\n\n(none yet)\n" };
  const text = readFileSync(SUMMARY, "utf8");
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^\| `([\w-]+)` \|/.exec(line);
    if (m?.[1]) rows.set(m[1], line);
  }
  const at = text.indexOf("\n## ");
  return { rows, notes: at < 0 ? "" : text.slice(at) };
}

function writeSummary(rows: Map<string, string>, notes: string) {
  const header = [
    "# Mutation testing: rule modules",
    "",
    "Written by `npm run mutation:module -- <name>` (scripts/mutation-modules.ts); one row per module, from its last run.",
    "Score = (killed + timed out) / (killed + timed out + survived + not covered). Equivalent mutants are turned off by a",
    "`// Stryker disable next-line <mutator>: <why no behaviour changes>` comment above their line and counted as ignored.",
    "",
    "| module | file | killed | timeout | survived | no coverage | ignored (equivalent) | score | run |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  const body = Object.keys(RULE_MODULES)
    .filter((name) => rows.has(name))
    .map((name) => rows.get(name)!);
  mkdirSync("reports/mutation", { recursive: true });
  writeFileSync(SUMMARY, `${[...header, ...body].join("\n")}\n${notes}`);
}

function run(name: string): Promise<void> {
  const module = RULE_MODULES[name];
  if (!module) throw new Error(`No rule module "${name}"; known: ${Object.keys(RULE_MODULES).join(", ")}`);
  // One incremental file per module: Stryker keeps in it only the files of its last run, so a shared file would
  // forget module A's results as soon as module B runs, and A's next run would start from scratch.
  const incrementalFile = `reports/mutation/.stryker-incremental/${name}.json`;
  // Its own sandbox, and no HTML or JSON report: modules may run side by side, one per core.
  const child = spawn(
    "stryker",
    [
      "run",
      "--mutate",
      module.file,
      "--incrementalFile",
      incrementalFile,
      "--tempDirName",
      `reports/mutation/.stryker-tmp-${name}`,
      "--reporters",
      parallel ? "clear-text" : "clear-text,progress",
    ],
    {
      stdio: "inherit",
      env: { ...process.env, MUTATION_API_TESTS: module.api.join(",") || "none", MUTATION_UNIT_TESTS: module.unit.join(",") || "none" },
    },
  );
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`stryker exited with ${code} on ${name}`));
      const c = countsOf(module.file, incrementalFile);
      const { rows, notes } = readSummary();
      const day = new Date().toISOString().slice(0, 10);
      rows.set(
        name,
        `| \`${name}\` | ${module.file} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${c.ignored} | ${score(c).toFixed(1)} % | ${day} |`,
      );
      writeSummary(rows, notes);
      resolve();
    });
  });
}

const parallel = process.argv.includes("--parallel");
const names = process.argv.slice(2).filter((a) => a !== "--parallel");
if (names.length === 0) {
  console.error(`usage: npm run mutation:module -- <name> [<name> …]\nmodules: ${Object.keys(RULE_MODULES).join(", ")}`);
  process.exit(2);
}
// `--parallel`: every module named at once (each Stryker runs one test process; on a 2-core machine, two modules).
if (parallel) await Promise.all(names.map(run));
else for (const name of names) await run(name);
