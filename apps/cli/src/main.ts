#!/usr/bin/env node
/**
 * `latent`: a lab's scans from a folder into its Latent orders. `push` uploads one folder into an order's roll,
 * `watch` turns each sub-folder a scanner writes into an upload. Node 22.18+ runs this TypeScript as it is (type
 * stripping); see apps/cli/README.md.
 */
import { parseArgs } from "node:util";
import { type FilmFormat, FORMATS, PROCESSES, type Process } from "@latent/domain/film-config";
import { createApi } from "./api-client.ts";
import { CliError, EXIT } from "./exit-codes.ts";
import { plainView, terminalView } from "./progress-view.ts";
import { failureOf, push } from "./push.ts";
import { watch } from "./watch.ts";

const HELP = `latent: upload a lab's scans into its Latent orders

Usage:
  latent push <folder> --order <reference> [--roll <name>] [options]
      Uploads the folder's scans into a roll of the order (the roll is made, named after the folder or --roll;
      run again, it goes on where it stopped and never sends a finished file twice).
  latent watch <folder> [--settle-seconds N] [--once] [options]
      A hot folder: each sub-folder that appears and stops changing for N seconds is uploaded. Its name binds it:
      a sticker's short id in it (K7Q-M2X-PA9), else an order's reference, else a new order waiting for its
      customer's email. Restarted, it resumes unfinished files from the parts the server lacks.

Options:
  --server <url>          Latent's address (env LATENT_URL; default http://localhost:3000)
  --key <latk_…>          the lab's API key, scopes orders:read, orders:write, upload (env LATENT_API_KEY)
  --parallel <2..4>       files sent at once (default 3)
  --first-frame <n>       frame number of the first scan (default 1), for a roll whose DX numbers were misread
  --stock "<brand model>" the film of a roll the CLI makes (default "Unknown film")
  --iso <n>               its ISO (default 400)
  --format <f>            ${FORMATS.join(", ")} (default 135)
  --process <p>           ${PROCESSES.join(", ")} (default C-41)
  --settle-seconds <n>    watch: quiet time before a sub-folder is uploaded (default 30)
  --once                  watch: upload what is there, then exit
  --plain                 plain progress lines even on a terminal
  -h, --help              this text

Scanner names (frames in scan order, numbered from --first-frame):
  Noritsu  <order>_<frame>.jpg (000123_0001.jpg)    Frontier  R<roll>-<order>-<frame>.JPG (R1-00123-0001.JPG, 12A)
  anything else by name, numbers as numbers (scan-2.jpg before scan-10.jpg)

Exit codes:
  0 every scan uploaded   1 some files skipped or failed (listed)   2 wrong command line
  3 key refused (401/403) 4 order, sticker or folder not found      5 plan or storage refused
  6 server unreachable after every retry
`;

function usage(message: string): never {
  throw new CliError(EXIT.usage, `${message}\nRun latent --help for the commands and options.`);
}

const integer = (name: string, value: string | undefined, min: number, max: number, fallback: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) usage(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
};

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: "string" },
        key: { type: "string" },
        order: { type: "string" },
        roll: { type: "string" },
        parallel: { type: "string" },
        "first-frame": { type: "string" },
        stock: { type: "string" },
        iso: { type: "string" },
        format: { type: "string" },
        process: { type: "string" },
        "settle-seconds": { type: "string" },
        once: { type: "boolean" },
        plain: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  }
  try {
    parsed = parse();
  } catch (err) {
    usage((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(HELP);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const [command, folder, ...rest] = positionals;
  if (command !== "push" && command !== "watch") usage(`Unknown command "${command}"`);
  if (!folder) usage(`latent ${command} needs a folder`);
  if (rest.length > 0) usage(`Unexpected arguments: ${rest.join(" ")}`);

  const key = values.key ?? process.env.LATENT_API_KEY;
  if (!key) usage("No API key: set LATENT_API_KEY or pass --key (a lab API key, latk_…)");
  const server = values.server ?? process.env.LATENT_URL ?? "http://localhost:3000";
  if (!/^https?:\/\/[^/]/.test(server)) usage(`--server must be an http(s) address, not "${server}"`);
  const format = (values.format ?? "135") as FilmFormat;
  if (!FORMATS.includes(format)) usage(`--format must be one of ${FORMATS.join(", ")}`);
  const filmProcess = (values.process ?? "C-41") as Process;
  if (!PROCESSES.includes(filmProcess)) usage(`--process must be one of ${PROCESSES.join(", ")}`);
  const stock = (values.stock ?? "Unknown film").trim();
  const space = stock.indexOf(" ");
  const spec = {
    brand: (space > 0 ? stock.slice(0, space) : stock).slice(0, 80) || "Unknown",
    model: (space > 0 ? stock.slice(space + 1).trim() : "film").slice(0, 80) || "film",
    iso: integer("iso", values.iso, 1, 102400, 400),
    format,
    process: filmProcess,
  };
  const parallel = integer("parallel", values.parallel, 2, 4, 3);
  const firstFrame = values["first-frame"] === undefined ? undefined : integer("first-frame", values["first-frame"], 1, 100, 1);

  const api = createApi({ server, key });
  const view = process.stderr.isTTY && !values.plain ? terminalView() : plainView();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const controller = new AbortController();
  const stop = () => {
    // The journal is written line by line as each step ends: stopping here loses nothing a restart needs.
    view.stop();
    process.exit(130);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    if (command === "push") {
      if (!values.order) usage("latent push needs --order <reference>");
      return await push(api, { folder, order: values.order, roll: values.roll, spec, firstFrame, parallel }, view, out);
    }
    if (values.order || values.roll) usage("latent watch binds each sub-folder by its name: --order and --roll are for push");
    const settleSeconds = integer("settle-seconds", values["settle-seconds"], 0, 86_400, 30);
    return await watch(
      api,
      { root: folder, settleSeconds, once: values.once ?? false, spec, firstFrame, parallel },
      view,
      out,
      controller.signal,
    );
  } catch (err) {
    throw failureOf(err);
  } finally {
    api.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    const failure = err instanceof CliError ? err : failureOf(err);
    process.stderr.write(`latent: ${failure.message}\n`);
    process.exitCode = failure.exitCode;
  },
);
