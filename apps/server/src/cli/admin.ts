/**
 * `npm run admin -- block|unblock|plan|grant-months --email E …`: the operator's support commands (see
 * `admin-commands.ts`). With the embedded PGlite in DATA_DIR, which admits one process, a running server is asked to
 * run the command on its open database (`admin-channel.ts`); otherwise (no server, or DATABASE_URL) the CLI builds
 * the app on the configured database itself and calls the owning services. The output is the same either way.
 */
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { askRunningServer } from "./admin-channel.ts";
import { ADMIN_USAGE, type AdminResult, runAdminCommand } from "./admin-commands.ts";

const argv = process.argv.slice(2);
if (!argv.length || argv.includes("--help")) {
  console.error(ADMIN_USAGE);
  process.exit(2);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });

async function serverIsRunning(): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(3_000) });
    return true;
  } catch {
    return false;
  }
}

const print = (result: AdminResult) => (result.code === 0 ? console.log : console.error)(result.output);

if (!config.databaseUrl) {
  const answered = await askRunningServer(config.dataDir, argv).catch((err: NodeJS.ErrnoException) => {
    console.error(
      `The server running on ${config.dataDir} could not be asked (${err.code ?? err.message}): run the command as the user that runs the server.`,
    );
    process.exit(1);
  });
  if (answered) {
    print(answered);
    process.exit(answered.code);
  }
  // A server without the channel (its DATA_DIR too deep for a socket): opening the database beside it would corrupt it.
  if (await serverIsRunning()) {
    console.error(
      `A Latent server is running on port ${config.port} with the embedded database in ${config.dataDir}, which admits one ` +
        "process at a time, and it does not answer on its operator socket (see its log). Stop the server, run the command, then start it again.",
    );
    process.exit(1);
  }
}

const latent = await buildApp(config);
let code = 1;
try {
  const result = await runAdminCommand(latent, argv);
  print(result);
  code = result.code;
} finally {
  await latent.close();
}
process.exit(code);
