import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { adminChannelWhileListening, adminSocketPath, askRunningServer, serveAdminChannel } from "./admin-channel.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), "latent-channel-"));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A socket file left behind by a process killed with SIGKILL (it never removed it). */
async function staleSocket(path: string) {
  await mkdir(join(path, ".."), { recursive: true });
  const child = spawn(process.execPath, [
    "-e",
    `require("node:net").createServer().listen(${JSON.stringify(path)}, () => console.log("up"))`,
  ]);
  // A child that cannot listen (the path taken) exits without a word: fail then rather than wait for ever.
  const [ready] = await Promise.race([once(child.stdout, "data"), once(child, "exit").then(() => [null])]);
  expect(ready, "the socket's path is free").not.toBeNull();
  child.kill("SIGKILL");
  await once(child, "exit");
  await expect(stat(path)).resolves.toBeTruthy();
}

describe("the operator's channel to a running server", () => {
  it("runs a command in the server with its arguments and hands back its output and exit code", async () => {
    const dir = await dataDir();
    const seen: string[][] = [];
    const channel = await serveAdminChannel(
      dir,
      async (argv) => {
        seen.push(argv);
        return { code: 1, output: `No user has the email ${argv[2]}.` };
      },
      quiet,
    );
    expect(await askRunningServer(dir, ["block", "--email", "a@example.com"])).toEqual({
      code: 1,
      output: "No user has the email a@example.com.",
    });
    expect(seen).toEqual([["block", "--email", "a@example.com"]]);
    await channel!.close();
    await expect(stat(adminSocketPath(dir))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("answers a command that throws with its message and exit code 1", async () => {
    const dir = await dataDir();
    const channel = await serveAdminChannel(dir, () => Promise.reject(new Error("database is gone")), quiet);
    expect(await askRunningServer(dir, ["stock"])).toEqual({ code: 1, output: "The command failed: database is gone" });
    await channel!.close();
  });

  it("is a socket only its owner can use: mode 0600 in a folder of mode 0700", async () => {
    const dir = await dataDir();
    await mkdir(join(dir, "operator"), { mode: 0o755 });
    const channel = await serveAdminChannel(dir, async () => ({ code: 0, output: "" }), quiet);
    expect((await stat(adminSocketPath(dir))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, "operator"))).mode & 0o777).toBe(0o700);
    await channel!.close();
  });

  it("says no server answers when none ever ran there, or when the one that did is gone and left its socket", async () => {
    const dir = await dataDir();
    expect(await askRunningServer(dir, ["block"])).toBeNull();
    await staleSocket(adminSocketPath(dir));
    expect(await askRunningServer(dir, ["block"])).toBeNull();
    // The next server replaces the dead one's file and answers.
    const channel = await serveAdminChannel(dir, async () => ({ code: 0, output: "done" }), quiet);
    expect(await askRunningServer(dir, ["block"])).toEqual({ code: 0, output: "done" });
    await channel!.close();
  });

  it("opens no channel where DATA_DIR is too deep for a socket's path, and says so", async () => {
    const warnings: string[] = [];
    const deep = join(await dataDir(), "d".repeat(120));
    const channel = await serveAdminChannel(deep, async () => ({ code: 0, output: "" }), {
      ...quiet,
      warn: (_d, m) => void warnings.push(m),
    });
    expect(channel).toBeNull();
    expect(warnings[0]).toMatch(/too long/);
  });

  it("closes with a server closed the moment it listens, leaving no socket behind", async () => {
    const dir = await dataDir();
    for (let round = 0; round < 5; round++) {
      const app = Fastify();
      adminChannelWhileListening(app, dir, async () => ({ code: 0, output: "" }));
      await app.listen({ port: 0, host: "127.0.0.1" });
      await app.close();
      await expect(stat(adminSocketPath(dir))).rejects.toMatchObject({ code: "ENOENT" });
      expect(await askRunningServer(dir, ["plan"])).toBeNull();
    }
  });
});
