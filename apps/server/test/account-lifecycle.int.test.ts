import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const run = promisify(execFile);
const CLI = new URL("../src/cli/admin.ts", import.meta.url).pathname;
const DAY_MS = 24 * 60 * 60 * 1000;
const BLOCKED = { error: "account-blocked", message: "Your account has been blocked." };

/** A photographer whose token carries a known subject and email, as the operator's commands name users by email. */
async function person(s: TestServer) {
  const sub = randomUUID();
  const email = `${sub}@example.com`;
  const token = await s.token({ sub, email });
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { sub, email, token };
}

describe.each(DATABASES)("blocked accounts on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("refuses a blocked user every private route but the profile, and unblocking gives everything back untouched", async () => {
    const { email, token } = await person(s);
    await s.latent.identity.accounts!.create({ id: randomUUID(), email, password: "a long passphrase", role: "user", locale: null });
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Nikon", model: "F3" } } });
    await upload(s, token, film.id, 1, await jpeg(320, 240));
    await waitForShots(s, token, film.id, 1);

    const blocked = await runAdminCommand(s.latent, ["block", "--email", email]);
    expect(blocked.code).toBe(0);
    const refused = await Promise.all([
      s.api("/api/film", { token }),
      s.api(`/api/film/${film.id}`, { token }),
      s.api("/api/film", { method: "POST", token, body: roll }),
      s.api("/api/cameras", { token }),
      s.api("/api/lenses", {
        method: "POST",
        token,
        body: { metadata: { brand: "Leica", model: "Summicron 50", min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 } },
      }),
      s.api(`/api/film/${film.id}/uploads`, { token }),
      s.api(`/api/film/shot/${film.id}/2/upload`, { method: "POST", token, body: { content_type: "image/jpeg", content_length: 1000 } }),
      s.api("/api/user", { method: "PUT", token, body: { nickname: "x" } }),
      s.api("/api/user/downgrade", { method: "POST", token }),
    ]);
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(BLOCKED);
    }
    const me = await s.api("/api/user", { token });
    expect(me.status).toBe(200);
    expect(me.body.blocked).toBe(true);
    expect((await s.latent.identity.accounts!.findByEmail(email))?.blocked).toBe(true);

    expect((await runAdminCommand(s.latent, ["unblock", "--email", email])).code).toBe(0);
    expect((await s.api("/api/user", { token })).body.blocked).toBe(false);
    expect((await s.latent.identity.accounts!.findByEmail(email))?.blocked).toBe(false);
    const films = await s.api("/api/film", { token });
    expect(films.status).toBe(200);
    expect(films.body).toHaveLength(1);
    const back = await s.api(`/api/film/${film.id}`, { token });
    expect(back.body.shots.map((x: { state: string }) => x.state)).toEqual(["done"]);
    expect((await s.api("/api/cameras", { token })).body).toHaveLength(1);
  });

  it("lets the operator change a user's plan, and says so when nobody has the email", async () => {
    const { email, token } = await person(s);
    const moved = await runAdminCommand(s.latent, ["plan", "--email", email, "--plan", "artist"]);
    expect(moved.code).toBe(0);
    expect((await s.api("/api/user", { token })).body).toMatchObject({ plan: "artist", max_films_capacity: PLANS.artist.maxFilms });
    expect((await runAdminCommand(s.latent, ["plan", "--email", email, "--plan", "gold"])).code).toBe(2);
    expect((await runAdminCommand(s.latent, ["block", "--email", "nobody@example.com"])).code).toBe(1);
  });

  it("reactivates only an inactive account, with a write token, a confirmed email, and not while it is blocked", async () => {
    const { sub, email, token } = await person(s);
    const reactivate = (t: string) => s.api("/api/user/reactivate", { method: "POST", token: t });
    const active = await reactivate(token);
    expect([active.status, active.body.error]).toEqual([409, "account-not-inactive"]);

    await s.latent.services.users.setInactive(sub, new Date());
    const readOnly = await reactivate(await s.token({ sub, email, scopes: ["openid", "read:user"] }));
    expect([readOnly.status, readOnly.body.message]).toEqual([403, "Missing scope: write:user"]);
    const unconfirmed = await reactivate(await s.token({ sub, email, emailVerified: false }));
    expect([unconfirmed.status, unconfirmed.body.error]).toEqual([403, "email-not-verified"]);
    expect((await runAdminCommand(s.latent, ["block", "--email", email])).code).toBe(0);
    const blocked = await reactivate(token);
    expect([blocked.status, blocked.body]).toEqual([403, BLOCKED]);
    expect((await runAdminCommand(s.latent, ["unblock", "--email", email])).code).toBe(0);
    // None of the refusals started a payment; the account is still inactive until one is paid.
    expect(await s.latent.services.users.inactiveSince(sub)).not.toBeNull();

    const started = await reactivate(token);
    expect(started.status).toBe(201);
    expect(started.body.url).toMatch(/^http/);
    expect((await s.api("/api/user", { token })).body.inactive_since).not.toBeNull();
  });

  it("blocks web plan changes while a mobile-app subscription is live, and frees them once it is cancelled", async () => {
    const { email, token } = await person(s);
    const checkout = () =>
      s.api("/api/purchases/checkout", { method: "POST", token, body: { mode: "subscription", items: [{ plan: "unlimited" }] } });

    const recorded = await runAdminCommand(s.latent, ["mobile-subscription", "--email", email, "--plan", "artist"]);
    expect(recorded.code).toBe(0);
    expect((await s.api("/api/user", { token })).body).toMatchObject({ plan: "artist", max_films_capacity: PLANS.artist.maxFilms });
    const mine = await s.api("/api/purchases/my-subscriptions", { token });
    expect(mine.body).toMatchObject([{ plan: "artist", status: "active", source: "mobile" }]);
    const blocked = await checkout();
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({
      error: "subscription-in-mobile-app",
      message: "Your subscription was bought in the mobile app: change or cancel it there first",
    });
    expect((await runAdminCommand(s.latent, ["mobile-subscription", "--email", email, "--plan", "unlimited"])).code).toBe(1);

    expect((await runAdminCommand(s.latent, ["mobile-cancel", "--email", email])).code).toBe(0);
    expect((await s.api("/api/user", { token })).body.plan).toBe("free");
    const open = await checkout();
    expect(open.status).toBe(200);
    expect(open.body.url).toMatch(/^http/);
    expect((await runAdminCommand(s.latent, ["mobile-cancel", "--email", email])).code).toBe(1);
  });
});

describe("npm run admin on the embedded database", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  const admin = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, LOG_LEVEL: "silent", ...env }, timeout: 60_000 });

  it("blocks a user and changes the plan beside the running server, which shows it at once", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-admin-"));
    const s = await startServer("pglite", { PORT: "9" }, { dataDir });
    servers.push(s);
    const { sub, email, token } = await person(s);
    const plan = await admin({ PORT: "9", DATA_DIR: dataDir }, "plan", "--email", email, "--plan", "unlimited");
    expect(plan.stdout).toBe(`${email} (${sub}) is now on unlimited.\n`);
    const block = await admin({ PORT: "9", DATA_DIR: dataDir }, "block", "--email", email);
    expect(block.stdout).toBe(`Blocked ${email}: 1 user(s).\n`);
    expect((await s.api("/api/user", { token })).body).toMatchObject({ plan: "unlimited", blocked: true });
    expect((await s.api("/api/film", { token })).status).toBe(403);
    // A refusal comes back with its exit code and text, as when the CLI opens the database itself.
    const unknown = await admin({ PORT: "9", DATA_DIR: dataDir }, "block", "--email", "nobody@example.com").catch((err) => err);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("No user or account has the email nobody@example.com.\n");
    // Only the account running the server can reach its channel.
    expect((await stat(join(dataDir, "operator", "admin.sock"))).mode & 0o777).toBe(0o600);
  });

  it("opens the database itself when the server that left a socket in DATA_DIR is gone", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-admin-"));
    const first = await startServer("pglite", { PORT: "9" }, { dataDir, keepData: true });
    const { email, token } = await person(first);
    await first.close();
    await staleSocket(join(dataDir, "operator", "admin.sock"));

    await admin({ PORT: "9", DATA_DIR: dataDir }, "plan", "--email", email, "--plan", "unlimited");
    await admin({ PORT: "9", DATA_DIR: dataDir }, "block", "--email", email);
    const again = await startServer("pglite", { PORT: "9" }, { dataDir });
    servers.push(again);
    expect((await again.api("/api/user", { token })).body).toMatchObject({ plan: "unlimited", blocked: true });
    expect((await again.api("/api/film", { token })).status).toBe(403);
    // Two servers and two CLI processes each open the embedded database: 6–7 s alone, more on a loaded 2-core machine.
  }, 120_000);
});

/** A socket file left behind by a server killed with SIGKILL (it never removed it). */
async function staleSocket(path: string) {
  const child = spawn(process.execPath, [
    "-e",
    `require("node:net").createServer().listen(${JSON.stringify(path)}, () => console.log("up"))`,
  ]);
  // A child that cannot listen (the path taken) exits without a word: fail then rather than wait for ever.
  const [ready] = await Promise.race([once(child.stdout!, "data"), once(child, "exit").then(() => [null])]);
  expect(ready, "the socket's path is free").not.toBeNull();
  child.kill("SIGKILL");
  await once(child, "exit");
  expect((await stat(path)).isSocket()).toBe(true);
}

describe.each(DATABASES)("downgrade clean-up on %s", (kind) => {
  let s: TestServer;
  // Declared scans of 500 MB (uploads started, not sent) fill the free plan's 5 GiB quickly and cheaply.
  const big = 500_000_000;
  beforeAll(async () => {
    s = await startServer(kind, { UPLOAD_MAX_BYTES: String(1024 ** 3) });
  });
  afterAll(async () => s?.close());

  /** An artist with, oldest first: a kept JPEG (1), an unkept JPEG (2), a kept 500 MB scan (3), 20 unkept ones (4–23). */
  async function overTheFreePlan() {
    const p = await person(s);
    await s.latent.services.entitlements.setPlan(p.sub, "artist");
    const { body: film } = await s.api("/api/film", { method: "POST", token: p.token, body: roll });
    await upload(s, p.token, film.id, 1, await jpeg(320, 240, 1));
    await upload(s, p.token, film.id, 2, await jpeg(320, 240, 2));
    await waitForShots(s, p.token, film.id, 2);
    for (let index = 3; index <= 23; index++) {
      const begin = await s.api(`/api/film/shot/${film.id}/${index}/upload`, {
        method: "POST",
        token: p.token,
        body: { content_type: "image/tiff", content_length: big },
      });
      expect(begin.status).toBe(200);
    }
    const kept = await s.api(`/api/film/shot/${film.id}`, {
      method: "PUT",
      token: p.token,
      body: {
        shots: [
          { index: 1, kept: true },
          { index: 3, kept: true },
        ],
      },
    });
    expect(kept.status).toBe(200);
    const shots = (await s.api(`/api/film/${film.id}`, { token: p.token })).body.shots as { id: string; index: number }[];
    return { ...p, film, shots };
  }

  const indexes = async (token: string, filmId: string) =>
    ((await s.api(`/api/film/${filmId}`, { token })).body.shots as { index: number }[]).map((x) => x.index).sort((a, b) => a - b);
  /** Stored files (not the folders a filesystem store leaves) under the given shots' keys. */
  const storedFilesOf = async (shotIds: string[]) => {
    const found: string[] = [];
    for (const p of await readdir(s.storeRoot, { recursive: true }).catch(() => [] as string[])) {
      if (shotIds.some((id) => p.includes(id)) && (await stat(join(s.storeRoot, p))).isFile()) found.push(p);
    }
    return found;
  };

  // Used: 21 × 500 MB + two small JPEGs, 5 GiB allowed: the unkept JPEG and eleven 500 MB scans must go (ten are not enough).
  const deleted = [2, ...Array.from({ length: 11 }, (_, i) => 4 + i)];
  const remaining = [1, 3, ...Array.from({ length: 9 }, (_, i) => 15 + i)];

  it("deletes over 14 daily runs exactly the oldest unkept scans needed, no kept one, and no file of theirs is left", async () => {
    const { email, token, film, shots } = await overTheFreePlan();
    expect((await storedFilesOf([shots.find((x) => x.index === 2)!.id])).length).toBeGreaterThan(0);
    expect((await runAdminCommand(s.latent, ["plan", "--email", email, "--plan", "free"])).code).toBe(0);
    const me = (await s.api("/api/user", { token })).body;
    expect(me.downgrading_since).not.toBeNull();
    expect(me.storage.used).toBeGreaterThan(PLANS.free.maxStorageBytes);
    const since = Date.parse(me.downgrading_since);

    await s.latent.services.downgrades.runDaily(since + 3 * 60 * 60 * 1000);
    // The first day frees a fourteenth of what is over: the JPEG and one 500 MB scan, not everything at once.
    expect(await indexes(token, film.id)).toEqual([1, 3, ...Array.from({ length: 19 }, (_, i) => 5 + i)]);
    for (let day = 1; day < 14; day++) await s.latent.services.downgrades.runDaily(since + day * DAY_MS + 3 * 60 * 60 * 1000);

    expect(await indexes(token, film.id)).toEqual(remaining);
    const after = (await s.api("/api/user", { token })).body;
    expect(after.downgrading_since).toBeNull();
    expect(after.storage.used).toBeLessThanOrEqual(PLANS.free.maxStorageBytes);
    const gone = shots.filter((x) => deleted.includes(x.index)).map((x) => x.id);
    expect(await storedFilesOf(gone)).toEqual([]);
    expect((await storedFilesOf([shots.find((x) => x.index === 1)!.id])).length).toBeGreaterThan(0);
  });

  it("runs the whole clean-up at once when the user asks, and refuses when nothing is over the limit", async () => {
    const { email, token, film } = await overTheFreePlan();
    await runAdminCommand(s.latent, ["plan", "--email", email, "--plan", "free"]);
    const now = await s.api("/api/user/downgrade", { method: "POST", token });
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ downgrading_since: null, plan: "free" });
    expect(await indexes(token, film.id)).toEqual(remaining);

    const again = await s.api("/api/user/downgrade", { method: "POST", token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("nothing-over-limit");
    const fresh = await photographer(s);
    expect((await s.api("/api/user/downgrade", { method: "POST", token: fresh })).status).toBe(409);
  });
});
