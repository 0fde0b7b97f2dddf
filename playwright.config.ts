import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// E2E_PORT lets two runs (say, CI and a developer) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://localhost:${PORT}`;
// The server's mail goes through SMTP to a mail drop on the next port, whose mails the journeys read (e2e/support/mail.ts).
const SMTP_PORT = PORT + 1;
process.env.E2E_SMTP_PORT ??= String(SMTP_PORT);

// One fresh, empty data directory per run. The config is also loaded by the worker processes: they inherit the
// variable, so they all see the directory the server was started with. e2e/global-teardown.ts removes it.
process.env.LATENT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "latent-e2e-"));

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  // Two journeys at a time: each waits on the server and the browser much of its time, so two share these two-core
  // machines well (97 journeys: 7.3 min instead of 10). Journeys never share an account; a file's run in order.
  workers: 2,
  retries: 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: BASE_URL,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: "sh scripts/run.sh node e2e/support/mail-drop.ts",
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { LATENT_E2E_DATA_DIR: process.env.LATENT_E2E_DATA_DIR, E2E_SMTP_PORT: String(SMTP_PORT) },
    },
    {
      // The web app must already be built (`npm test` and `npm run test:e2e` build it first).
      command: "sh scripts/run.sh node apps/server/src/main.ts",
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.LATENT_E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Every journey signs up from 127.0.0.1, and sign-up counts against the per-address limit like sign-in.
        SIGNIN_ATTEMPTS_PER_MINUTE: "1000",
        // The lab webhooks journey's receiver listens on loopback, over http.
        WEBHOOKS_ALLOW_LOOPBACK: "true",
      },
    },
  ],
});
