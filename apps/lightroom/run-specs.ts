/**
 * `npm run test:lightroom`: the plugin's busted specs, with a real Latent server on loopback for the one that pairs
 * and publishes. The server runs in this process on a free port with a fresh PGlite data folder; a signed-in
 * person's web token (minted as `npm run token` does) and three small JPEGs are handed to busted through the env.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";

const here = fileURLToPath(new URL(".", import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const dataDir = await mkdtemp(join(tmpdir(), "latent-lightroom-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Only what this run needs: the developer's own database, store or provider settings must not leak in.
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: base,
  WEB_DIST: join(dataDir, "no-web"),
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
});
const latent = await buildApp(config);
let code = 1;
try {
  await latent.app.listen({ port, host: "127.0.0.1" });
  const id = randomUUID();
  const email = `lightroom-${id}@example.com`;
  await latent.identity.accounts!.create({ id, email, password: randomUUID(), role: "user", locale: null, emailVerified: true });
  const token = await latent.identity.mint!({ sub: id, email, role: "user" });
  // The photographer's first request creates their user. A camera and a lens together need more than the free plan.
  // They accepted the privacy policy on the web, as registering rolls asks.
  const first = await fetch(`${base}/api/user/privacy-policy`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  if (!first.ok) throw new Error(`the test user could not be created: ${first.status} ${await first.text()}`);
  await latent.services.entitlements.setPlan(id, "artist");
  // Three scans of different sizes, so the roll read back tells them apart.
  const photos: string[] = [];
  for (const [i, [width, colour]] of (
    [
      [320, "#b04020"],
      [480, "#208040"],
      [640, "#2040b0"],
    ] as const
  ).entries()) {
    const file = join(dataDir, `scan-${i + 1}.jpg`);
    await writeFile(
      file,
      await sharp({ create: { width, height: Math.round(width * 0.66), channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
    photos.push(file);
  }
  code = await new Promise<number>((resolve) => {
    const busted = spawn("busted", process.argv.slice(2), {
      cwd: here,
      stdio: "inherit",
      env: { ...process.env, LATENT_URL: base, LATENT_TOKEN: token, LATENT_PHOTOS: photos.join(":") },
    });
    busted.on("exit", (exitCode) => resolve(exitCode ?? 1));
    busted.on("error", (err) => {
      console.error(`busted could not start (apt-get install lua5.1 lua-busted lua-socket): ${err.message}`);
      resolve(1);
    });
  });
} finally {
  await latent.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(code);
