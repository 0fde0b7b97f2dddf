import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The package `npm run build:cli` makes, as a lab gets it: built, packed by npm, installed from the tarball with
 * `npm install -g` (into a throw-away prefix, outside the checkout, so nothing of the repository can be reached), and
 * run through the `latent` npm linked. Its dependencies come from npm's cache when `npm ci` left them there, else
 * from the registry.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// This Node first on PATH: npm, and the `#!/usr/bin/env node` of the installed `latent`, run on it (the system's may be older).
const PATH = [dirname(process.execPath), process.env.PATH].join(delimiter);
// Started through `npm test`, the environment names the checkout's workspace and package: none of it is the install's.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^npm_(package_|lifecycle_|command$|config_(local_prefix|prefix|global|workspace))/i.test(name),
  ),
);

const run = (file: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) =>
  new Promise<Run>((resolve) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: { ...env, PATH, ...options.env }, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

const succeed = async (file: string, args: string[], cwd?: string) => {
  const result = await run(file, args, { cwd });
  if (result.code !== 0) throw new Error(`${file} ${args.join(" ")} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
};

let work: string;
let latent: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "latent-cli-package-"));
  const built = join(work, "package");
  await succeed(process.execPath, [join(import.meta.dirname, "build-package.ts"), "--out", built]);
  await succeed("npm", ["pack", "--pack-destination", work], built);
  const [tarball] = readdirSync(work).filter((name) => /^latent-cli-\d+\.\d+\.\d+\.tgz$/.test(name));
  expect(tarball, "npm pack wrote latent-cli-<version>.tgz").toBeDefined();
  const prefix = join(work, "global");
  await succeed(
    "npm",
    ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(work, tarball as string)],
    work,
  );
  latent = join(prefix, "bin", "latent");
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the CLI installed from its package", () => {
  it("runs as `latent` and prints its commands and exit codes", async () => {
    const help = await run(latent, ["--help"], { cwd: work });
    expect(help.stderr).toBe("");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("latent push <folder> --order <reference>");
    expect(help.stdout).toContain("3 key refused (401/403)");
  });

  it("ends with exit code 3 and says the key was refused when the server answers 401", async () => {
    const seen: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];
    const server: Server = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      req.resume();
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized", message: "Invalid session" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const folder = join(work, "000123");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "000123_0001.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
      const { port } = server.address() as AddressInfo;
      const pushed = await run(latent, ["push", folder, "--order", "000123", "--plain"], {
        cwd: work,
        env: { LATENT_URL: `http://127.0.0.1:${port}`, LATENT_API_KEY: "latk_wrong" },
      });
      expect(pushed.stderr).toContain("latent: The server refused the key (401 unauthorized): check LATENT_API_KEY or --key");
      expect(pushed.code).toBe(3);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]?.headers.authorization).toBe("Bearer latk_wrong");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
