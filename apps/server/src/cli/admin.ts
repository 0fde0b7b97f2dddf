/**
 * `npm run admin -- block|unblock|plan|grant-months --email E …`: the operator's support commands (see
 * `admin-commands.ts`). Builds the app on the configured database (DATABASE_URL, or the embedded PGlite in DATA_DIR)
 * and calls the owning services. PGlite admits one process: with the embedded database the server must be stopped.
 */
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ADMIN_USAGE, runAdminCommand } from "./admin-commands.ts";

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

if (!config.databaseUrl && (await serverIsRunning())) {
  console.error(
    `A Latent server is running on port ${config.port} with the embedded database in ${config.dataDir}, which admits one ` +
      "process at a time. Stop the server, run the command, then start it again.",
  );
  process.exit(1);
}

const latent = await buildApp(config);
let code = 1;
try {
  const result = await runAdminCommand(latent, argv);
  (result.code === 0 ? console.log : console.error)(result.output);
  code = result.code;
} finally {
  await latent.close();
}
process.exit(code);
