/**
 * How `npm run admin` reaches a running server on the embedded database, which admits one process at a time: the
 * server listens on a Unix socket in DATA_DIR and runs the very command functions (`admin-commands.ts`) on its open
 * database; the CLI sends the arguments and prints what comes back. The socket lives in a folder of mode 0700 and is
 * itself 0600: only the account that runs the server (and root) can connect, as only it can open the database files.
 * One request per connection: a line of JSON `{argv}` in, a line of JSON `{code, output}` out.
 */
import { chmod, mkdir, rm } from "node:fs/promises";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { AdminResult } from "./admin-commands.ts";

/** Unix socket paths are short (108 bytes on Linux, 104 on macOS): a deeper DATA_DIR gets no channel. */
const MAX_SOCKET_PATH = 100;
/** Arguments are a few words; anything longer is not the CLI talking. */
const MAX_REQUEST_BYTES = 64 * 1024;

/** Where the socket of a server whose DATA_DIR is `dataDir` is. */
export const adminSocketPath = (dataDir: string) => join(dataDir, "operator", "admin.sock");

export interface AdminChannelLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The channel for as long as the server listens: opened once it accepts requests (a CLI or a test that only builds
 * the app opens none), closed with it. A channel that cannot open costs the operator the CLI beside it, never the server.
 */
export function adminChannelWhileListening(app: FastifyInstance, dataDir: string, run: (argv: string[]) => Promise<AdminResult>) {
  // Fastify does not wait for onListen hooks before `listen` resolves: a server closed at once must still wait for its
  // channel to open, then close it, or the channel outlives the server and its socket stays in DATA_DIR.
  let channel: Promise<{ close(): Promise<void> } | null> | null = null;
  app.addHook("onListen", async () => {
    channel = serveAdminChannel(dataDir, run, app.log).catch((err: Error) => {
      app.log.warn({ err }, "npm run admin cannot reach this server: its socket could not be opened (stop the server to run it)");
      return null;
    });
    await channel;
  });
  app.addHook("onClose", async () => {
    await (await channel)?.close();
  });
}

/**
 * Listens for the operator's commands on the socket of `dataDir` (a file left by a server that died is replaced);
 * answers each with `run`'s result. Null when the path is too long for a socket (the server runs on without it).
 */
export async function serveAdminChannel(
  dataDir: string,
  run: (argv: string[]) => Promise<AdminResult>,
  log: AdminChannelLog,
): Promise<{ close(): Promise<void> } | null> {
  const path = adminSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn({ path }, "npm run admin cannot reach this server: DATA_DIR's path is too long for its socket (stop the server to run it)");
    return null;
  }
  const folder = join(dataDir, "operator");
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // mkdir keeps an existing folder's mode: make sure it is the owner's only before the socket appears in it.
  await chmod(folder, 0o700);
  await rm(path, { force: true });
  const server = createServer((socket) => answer(socket, run, log));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return { close: () => closeServer(server, path) };
}

async function closeServer(server: Server, path: string) {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(path, { force: true });
}

function answer(socket: Socket, run: (argv: string[]) => Promise<AdminResult>, log: AdminChannelLog) {
  let received = "";
  const reply = (result: AdminResult) => socket.end(`${JSON.stringify(result)}\n`);
  socket.setEncoding("utf8");
  socket.on("error", () => undefined);
  socket.on("data", (chunk: string) => {
    received += chunk;
    if (received.length > MAX_REQUEST_BYTES) return reply({ code: 2, output: "The request is too long." });
    const end = received.indexOf("\n");
    if (end < 0) return;
    socket.removeAllListeners("data");
    let argv: unknown;
    try {
      argv = (JSON.parse(received.slice(0, end)) as { argv?: unknown }).argv;
    } catch {
      argv = null;
    }
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) return reply({ code: 2, output: "Not an admin command." });
    // The command's name only: its arguments name a person.
    log.info({ command: argv[0] }, "operator command from npm run admin");
    run(argv).then(reply, (err: Error) => {
      log.error({ err, command: argv[0] }, "operator command failed");
      reply({ code: 1, output: `The command failed: ${err.message}` });
    });
  });
}

/**
 * Sends a command to the server running on `dataDir` and waits for its answer; null when no server answers there (no
 * socket, or one left by a server that is gone): the caller then opens the database itself.
 */
export function askRunningServer(dataDir: string, argv: string[]): Promise<AdminResult | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let connected = false;
    let received = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as AdminResult);
      } catch {
        reject(new Error("The running server's answer could not be read."));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      // ENOENT: no server has run here; ECONNREFUSED: the socket of one that is gone.
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(null);
      else reject(err);
    });
  });
}
