import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";

const run = promisify(execFile);
const CLI = new URL("../src/cli/token.ts", import.meta.url).pathname;

async function token(env: Record<string, string>, ...args: string[]) {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, LOG_LEVEL: "silent", ...env }, timeout: 60_000 });
  return stdout.trim();
}

describe("npm run token", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it("asks the running server for a token that the API accepts, creating the lab account", async () => {
    const s = await startServer("pglite");
    servers.push(s);
    const port = new URL(s.base).port;
    const printed = await token({ PORT: port, DATA_DIR: s.latent.config.dataDir }, "--email", "darkroom@example.com", "--role", "lab");
    expect(printed.split(".")).toHaveLength(3);
    const me = await s.api("/api/user", { token: printed });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "lab", email: "darkroom@example.com" });
  });

  it("mints the token itself when no server runs, valid once the server starts on that data", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-cli-"));
    // Port 9 (discard) is closed on loopback: the command finds no server there.
    const printed = await token({ PORT: "9", DATA_DIR: dataDir }, "--email", "ana@example.com");
    const s = await startServer("pglite", { PORT: "9" }, { dataDir });
    servers.push(s);
    expect((await s.api("/api/user", { token: printed })).body).toMatchObject({ role: "user", email: "ana@example.com" });
  });

  it("explains its usage when the email is missing", async () => {
    await expect(token({}, "--role", "user")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage: npm run token") });
  });
});
