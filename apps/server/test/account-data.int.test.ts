import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import type { AccountGate } from "../src/features/account-data/account-gate.ts";
import { AppError } from "../src/platform/http/app-error.ts";
import { jpeg, roll, sha, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

const fm2 = { brand: "Nikon", model: "FM2", type: "slr", format: "135", frame_size: "24x36" };
const summicron = { brand: "Leica", model: "Summicron 50", min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 };

/** The identity side's gate, played by the test: one password per account, and a record of deleted accounts. */
function testGate() {
  const passwords = new Map<string, string>();
  const deleted: string[] = [];
  const gate: AccountGate = {
    async confirmSecret(userId, password) {
      if (passwords.get(userId) !== password) throw new AppError("wrong-password");
    },
    async deleteAccount(userId) {
      deleted.push(userId);
    },
  };
  return { gate, passwords, deleted };
}

// Python's zipfile reads the archive independently of our writer: names with the SHA-256 of their bytes.
const READ_ZIP = `import sys, zipfile, json, hashlib
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))`;
const READ_JSON = `import sys, zipfile
print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())`;

/** Every file the store keeps, as paths under its root (the filesystem store's folder, or s3rver's). */
async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

/** Every row of every table of the server's schema that mentions one of `needles` in any column. */
async function rowsNaming(s: TestServer, needles: string[]): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(s.latent.db);
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(s.latent.db);
    for (const row of rows.rows) {
      const text = JSON.stringify(row).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(`${table_name}: ${JSON.stringify(row).slice(0, 200)}`);
    }
  }
  return found;
}

async function waitForExport(s: TestServer, token: string) {
  for (let i = 0; i < 300; i++) {
    const res = await s.api("/api/account/export", { token });
    if (res.body.status !== "queued" && res.body.status !== "running") return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the export did not finish");
}

describe.each(BACKENDS)("your data, yours on %s with the %s store", (kind, store) => {
  let s: TestServer;
  const identity = testGate();
  beforeAll(async () => {
    s = await startServer(kind, {}, { store, accountGate: identity.gate });
  });
  afterAll(() => s?.close());

  /** A photographer with gear, a profile picture, two rolls with scans, and a share link on the first. */
  const photographer = async () => {
    const sub = randomUUID();
    const email = `Photo-${sub}@Example.com`;
    const token = await s.token({ sub, email, role: "user" });
    identity.passwords.set(sub, "correct horse battery");
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    await s.latent.services.entitlements.setPlan(sub, "artist");
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    form.append("upload_file", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    form.append("user_data", JSON.stringify({ nickname: "ana" }));
    expect((await s.api("/api/user", { method: "PUT", token, body: form })).status).toBe(200);
    expect((await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } })).status).toBe(201);
    expect((await s.api("/api/lenses", { method: "POST", token, body: { metadata: summicron } })).status).toBe(201);
    const rolls: { id: string; scans: Buffer[] }[] = [];
    for (const [n, name] of ["Summer in Cadaqués", "Winter"].entries()) {
      const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name } });
      const scans = [await jpeg(400, 300, n * 2 + 1), await jpeg(300, 400, n * 2 + 2)];
      for (const [i, scan] of scans.entries()) await upload(s, token, film.id, i + 1, scan);
      await waitForShots(s, token, film.id, scans.length);
      rolls.push({ id: film.id, scans });
    }
    expect((await s.api(`/api/film/${rolls[0]!.id}/share?expiration=60`, { method: "POST", token })).status).toBe(200);
    return { sub, email, token, rolls };
  };

  it("builds an archive of the profile, gear, every roll and the exact bytes of each original scan, and mails when it is ready", async () => {
    const me = await photographer();
    expect((await s.api("/api/account/export", { token: me.token })).body).toMatchObject({ status: "none", url: null });
    const started = await s.api("/api/account/export", { method: "POST", token: me.token });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("queued");

    const ready = await waitForExport(s, me.token);
    expect(ready).toMatchObject({ status: "ready", progress: 100 });
    expect(new Date(ready.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const res = await fetch(`${s.base}${ready.url}`);
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(ready.size);
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, zip);
    const files = JSON.parse(execFileSync("python3", ["-c", READ_ZIP, path]).toString()) as Record<string, string>;
    const read = (name: string) => JSON.parse(execFileSync("python3", ["-c", READ_JSON, path, name]).toString());

    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "profile.json",
        "gear.json",
        "rolls/Summer-in-Cadaqués/roll.json",
        "rolls/Winter/roll.json",
        "shipments.json",
        "stickers.json",
        "subscriptions.json",
      ]),
    );
    // Each scan leaves as it does everywhere (issue 28): its pixels as uploaded, its roll and frame written in.
    const entry = (name: string) =>
      execFileSync("python3", [
        "-c",
        "import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))",
        path,
        name,
      ]);
    const pixels = async (bytes: Buffer) => sha(await sharp(bytes).raw().toBuffer());
    for (const [roll, name, scan] of [
      ["Summer-in-Cadaqués", "scan-1.jpg", me.rolls[0]!.scans[0]!],
      ["Summer-in-Cadaqués", "scan-2.jpg", me.rolls[0]!.scans[1]!],
      ["Winter", "scan-1.jpg", me.rolls[1]!.scans[0]!],
      ["Winter", "scan-2.jpg", me.rolls[1]!.scans[1]!],
    ] as const) {
      const bytes = entry(`rolls/${roll}/${name}`);
      expect(await pixels(bytes)).toBe(await pixels(scan));
      expect(bytes.includes(Buffer.from(`<AnalogExif:ExposureNumber>${name.slice(5, 6)}<`))).toBe(true);
    }
    const profile = read("profile.json");
    expect(profile).toMatchObject({ user_id: me.sub, nickname: "ana", picture: null });
    // The profile picture itself, byte for byte as the profile serves it.
    const pictureUrl = (await s.api("/api/user", { token: me.token })).body.picture;
    expect(files["profile-picture.webp"]).toBe(sha(Buffer.from(await (await fetch(`${s.base}${pictureUrl}`)).arrayBuffer())));
    expect(Object.keys(files)).not.toContain("lab.json");
    const gear = read("gear.json");
    expect(gear.cameras[0].metadata).toMatchObject(fm2);
    expect(gear.lenses[0].metadata).toMatchObject(summicron);
    const winter = read("rolls/Winter/roll.json");
    expect(winter).toMatchObject({ id: me.rolls[1]!.id, name: "Winter" });
    expect(winter.shots.map((shot: { index: number }) => shot.index)).toEqual([1, 2]);
    // No signed link in the archive: it lives for days and would open the files without a session.
    expect(zip.includes(Buffer.from("signature="))).toBe(false);

    const mail = await s.latent.db.selectFrom("outbox").selectAll().where("to", "=", me.email).execute();
    expect(mail.map((m) => m.subject)).toContain("Your Latent data is ready");
    expect(mail[0]!.text).toContain("/u/profile");
    expect(mail[0]!.text).not.toContain("signature=");
  });

  it("puts a lab's profile and its logo in the lab's archive", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `lab-${sub}@example.com`, role: "lab" });
    const form = new FormData();
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    form.append("upload_file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    form.append("lab_data", JSON.stringify({ name: "Foto Lab Girona", location: "Girona" }));
    const saved = await s.api("/api/labs", { method: "PUT", token, body: form });
    expect(saved.status).toBe(200);
    expect((await s.api("/api/account/export", { method: "POST", token })).status).toBe(202);
    const ready = await waitForExport(s, token);
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, Buffer.from(await (await fetch(`${s.base}${ready.url}`)).arrayBuffer()));
    const files = JSON.parse(execFileSync("python3", ["-c", READ_ZIP, path]).toString()) as Record<string, string>;
    const lab = JSON.parse(execFileSync("python3", ["-c", READ_JSON, path, "lab.json"]).toString());
    expect(lab).toMatchObject({ id: sub, name: "Foto Lab Girona", location: "Girona", logo_url: null });
    const logo = Buffer.from(await (await fetch(`${s.base}${saved.body.logo_url}`)).arrayBuffer());
    expect(files["lab-logo.webp"]).toBe(sha(logo));
    expect(Object.keys(files)).not.toContain("profile-picture.webp");
  });

  it("refuses a second export while one is being built", async () => {
    const token = await s.token();
    expect((await s.api("/api/account/export", { method: "POST", token })).status).toBe(202);
    const again = await s.api("/api/account/export", { method: "POST", token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("export-running");
    await waitForExport(s, token);
  });

  it("hands the archive's link to its signed-in owner for minutes only, and a fresh one each time they ask", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub });
    await s.api("/api/account/export", { method: "POST", token });
    const ready = await waitForExport(s, token);
    const handed = Date.now();
    const expires = Number(new URL(ready.url, s.base).searchParams.get("expires")) * 1000;
    expect(expires).toBeLessThanOrEqual(handed + 10 * 60_000);
    const open = async (url: string) => {
      const res = await fetch(`${s.base}${url}`);
      await res.arrayBuffer();
      return res.status;
    };
    expect(await open(ready.url)).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(handed + 11 * 60_000);
      expect(await open(ready.url)).toBe(404);
      const fresh = (await s.api("/api/account/export", { token })).body;
      expect(fresh.status).toBe("ready");
      expect(fresh.url).not.toBe(ready.url);
      expect(await open(fresh.url)).toBe(200);
    } finally {
      vi.useRealTimers();
    }

    // A link handed out while the archive could be downloaded ends with it, however many minutes it had left.
    const live = (await s.api("/api/account/export", { token })).body.url;
    await s.latent.db
      .updateTable("data_exports")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", sub)
      .execute();
    expect(await open(live)).toBe(404);
    expect((await s.api("/api/account/export", { token })).body).toMatchObject({ status: "expired", url: null });
  });

  it("deletes the archives whose link expired and answers expired", async () => {
    const token = await s.token();
    await s.api("/api/account/export", { method: "POST", token });
    const ready = await waitForExport(s, token);
    expect(ready.status).toBe("ready");
    await s.latent.db
      .updateTable("data_exports")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("status", "=", "ready")
      .execute();
    expect(await s.latent.services.accountData.deleteExpired()).toBeGreaterThan(0);
    expect((await s.api("/api/account/export", { token })).body).toMatchObject({ status: "expired", url: null });
    expect((await fetch(`${s.base}${ready.url}`)).status).toBe(404);
    expect((await storedFiles(s.storeRoot)).filter((f) => f.includes("exports"))).toEqual([]);
  });

  it("keeps everything when the password is wrong, and deletes every row and file of the user at once when it is right", async () => {
    const other = await photographer();
    const me = await photographer();
    await s.api("/api/account/export", { method: "POST", token: me.token });
    expect((await waitForExport(s, me.token)).status).toBe("ready");
    // Stickers as a paid pack makes them (the shop's sale), one linked to a roll.
    const sticker = (userId: string, position: number) => ({
      hash: randomBytes(16).toString("base64url"),
      short_id: shortIdFromBytes(randomBytes(8)),
      user_id: userId,
      shipment_id: null,
      position,
    });
    const myStickers = [sticker(me.sub, 0), sticker(me.sub, 1)];
    const theirSticker = sticker(other.sub, 0);
    await s.latent.db
      .insertInto("stickers")
      .values([...myStickers, theirSticker])
      .execute();
    const linked = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: myStickers[0]!.hash, film_id: me.rolls[0]!.id },
    });
    expect(linked.status).toBe(200);
    expect((await s.api("/api/stickers", { token: me.token })).body).toHaveLength(2);
    const before = await storedFiles(s.storeRoot);
    const mine = (f: string) => [me.sub, ...me.rolls.map((r) => r.id)].some((id) => f.includes(id));
    expect(before.filter(mine).length).toBeGreaterThan(8);

    const wrong = await s.api("/api/account", { method: "DELETE", token: me.token, body: { password: "wrong password" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe("wrong-password");
    expect((await storedFiles(s.storeRoot)).filter(mine)).toEqual(before.filter(mine));
    expect((await s.api("/api/film", { token: me.token })).body).toHaveLength(2);

    // A subscription still charging is cancelled first: deleting the account would not stop the payments.
    const email = (await s.api("/api/user", { token: me.token })).body.email as string;
    expect((await runAdminCommand(s.latent, ["mobile-subscription", "--email", email, "--plan", "artist"])).code).toBe(0);
    const paying = await s.api("/api/account", { method: "DELETE", token: me.token, body: { password: "correct horse battery" } });
    expect(paying.status).toBe(409);
    expect(paying.body.error).toBe("subscription-active");
    expect((await s.api("/api/film", { token: me.token })).body).toHaveLength(2);
    expect((await runAdminCommand(s.latent, ["mobile-cancel", "--email", email])).code).toBe(0);

    const done = await s.api("/api/account", { method: "DELETE", token: me.token, body: { password: "correct horse battery" } });
    expect(done.status).toBe(204);
    expect(identity.deleted).toContain(me.sub);
    expect((await storedFiles(s.storeRoot)).filter(mine)).toEqual([]);
    expect(await rowsNaming(s, [me.sub, me.email, ...me.rolls.map((r) => r.id)])).toEqual([]);
    expect(await s.latent.db.selectFrom("stickers").select("hash").where("user_id", "=", me.sub).execute()).toEqual([]);
    expect((await s.api(`/api/stickers/${myStickers[0]!.hash}`)).body).toEqual({ exists: false, linked: false });
    // The token still carries a valid signature: it opens nothing, and does not create the user again.
    expect([401, 403]).toContain((await s.api("/api/user", { token: me.token })).status);
    expect([401, 403]).toContain((await s.api("/api/film", { token: me.token })).status);
    expect(await rowsNaming(s, [me.sub])).toEqual([]);

    // The other photographer keeps everything.
    expect((await s.api("/api/film", { token: other.token })).body).toHaveLength(2);
    expect((await s.api("/api/stickers", { token: other.token })).body).toHaveLength(1);
    const film = await waitForShots(s, other.token, other.rolls[0]!.id, 2);
    const scan = await fetch(`${s.base}${film.shots[0].version.original_url ?? film.shots[0].version.preview_url}`);
    expect(scan.status).toBe(200);
    expect((await storedFiles(s.storeRoot)).filter((f) => f.includes(other.rolls[1]!.id)).length).toBeGreaterThan(0);
  });

  it("lets a lab delete its account with its orders, their rolls and files, while its customers keep their own rolls", async () => {
    const lab = { sub: randomUUID() };
    const labEmail = `lab-${lab.sub}@example.com`;
    const labToken = await s.token({ sub: lab.sub, email: labEmail, role: "lab" });
    identity.passwords.set(lab.sub, "lab password");
    await s.api("/api/labs", { method: "PUT", token: labToken, body: { name: "Foto Lab Girona" } });
    const order = await s.api("/api/orders", {
      method: "POST",
      token: labToken,
      body: { reference: "#1", user_name: "Ana", user_email: "ana@example.com", user_phone: "" },
    });
    expect(order.status).toBe(201);
    const film = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: labToken, body: roll });
    await upload(s, labToken, film.body.id, 1, await jpeg(320, 240));
    await waitForShots(s, labToken, film.body.id, 1);
    expect((await storedFiles(s.storeRoot)).filter((f) => f.includes(film.body.id)).length).toBeGreaterThan(0);

    const report = await s.latent.services.accountData.deleteForever(lab.sub);
    expect(report.deleted).toMatchObject({ "lab orders": 1, "lab profiles": 1, users: 1 });
    expect((await storedFiles(s.storeRoot)).filter((f) => f.includes(film.body.id) || f.includes(lab.sub))).toEqual([]);
    expect(await rowsNaming(s, [lab.sub, labEmail, order.body.id, film.body.id])).toEqual([]);
  });
});
