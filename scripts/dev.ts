/**
 * `npm run dev`: the server (restarting on change) and the Vite dev server with its proxy.
 * The browser talks to Vite on :5173, so the server's public address is Vite's (the OIDC redirect must match).
 */
import { spawn } from "node:child_process";

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const children = [
  spawn(process.execPath, ["--watch", "apps/server/src/main.ts"], { stdio: "inherit", env }),
  spawn("vite", ["apps/web"], { stdio: "inherit", env, shell: false }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
