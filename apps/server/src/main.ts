import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { holdInstanceLock, type InstanceLock } from "./platform/startup/instance-lock.ts";
import { listenFailure, preflight } from "./platform/startup/preflight.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The database, the bucket and Redis answer, or the start ends here with the setting to change.
  await preflight(config);
  // Several instances on one PostgreSQL share live feeds and limits only through Redis: without it, one instance.
  const lock: InstanceLock | undefined = config.databaseUrl
    ? await holdInstanceLock(config.databaseUrl, Boolean(config.redisUrl))
    : undefined;
  const latent = await buildApp(config);
  const { app } = latent;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceSeconds: config.shutdownTimeoutMs / 1000 }, "shutting down: finishing requests in flight");
    // close() cuts what is still in flight at the bound; this only catches a close that hangs past it.
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 10_000);
    force.unref();
    await latent.close(config.shutdownTimeoutMs);
    await lock?.release();
    app.log.info("shut down");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await latent.close().catch(() => undefined);
    throw listenFailure(err, config) ?? err;
  }
  app.log.info(`Latent is running on ${config.publicUrl}`);
}

main().catch((err) => {
  // A setting to change (including a store not shared with the database's other instances): its sentence, no stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
