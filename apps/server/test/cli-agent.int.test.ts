import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shortIdFromBytes } from "@latent/domain/stickers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, sha } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const CLI = new URL("../../cli/src/main.ts", import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `latent …` as a lab runs it: its own process, its key and server from the environment. */
function latent(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<Run>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/**
 * A TCP proxy on loopback between the CLI and the server that can stall every connection once `hold` bytes went
 * towards the server (to kill the CLI mid-file: nothing more reaches the server) and cut every connection once `cut`
 * bytes went (a network drop).
 */
async function cuttingProxy(targetPort: number) {
  let sent = 0;
  let hold: { at: number; reached: () => void } | null = null;
  let held = false;
  let cut: number | null = null;
  let cuts = 0;
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    if (held) client.pause();
    client.on("data", (chunk: Buffer) => {
      // A stalled line: what the client had sent before it stalled never reaches the server.
      if (held) return;
      if (cut !== null && sent + chunk.length >= cut) {
        cut = null;
        cuts++;
        for (const [c, u] of [...pairs]) {
          c.destroy();
          u.destroy();
        }
        pairs.clear();
        return;
      }
      sent += chunk.length;
      upstream.write(chunk);
      if (hold && sent >= hold.at) {
        held = true;
        for (const [c] of pairs) c.pause();
        hold.reached();
        hold = null;
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("close", close);
    upstream.on("close", close);
    client.on("error", close);
    upstream.on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    sent: () => sent,
    cuts: () => cuts,
    /** Resolves once `bytes` more went through; every connection then stalls until `release`. */
    holdAfter: (bytes: number) => new Promise<void>((resolve) => (hold = { at: sent + bytes, reached: resolve })),
    /** Ends the stall: the stalled connections are dropped (their client is gone), new ones go through. */
    release() {
      for (const [c, u] of [...pairs]) {
        c.destroy();
        u.destroy();
      }
      pairs.clear();
      held = false;
    },
    cutAfter(bytes: number) {
      cut = sent + bytes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A noise TIFF of 27 MB: two chunks (16 MiB and 10 MB), so a restart can find the first there and the second missing. */
const bigTiff = () =>
  sharp({ create: { width: 3000, height: 3000, channels: 3, background: "#000", noise: { type: "gaussian", mean: 100, sigma: 30 } } })
    .tiff({ compression: "none" })
    .toBuffer();

/** Writes scans into a folder; answers their names with their SHA-256, in the order given (the scan order). */
async function writeScans(folder: string, scans: { name: string; bytes: Buffer }[]) {
  await mkdir(folder, { recursive: true });
  // Written last frame first: the listing order must not be what orders the frames.
  for (const scan of scans.toReversed()) await writeFile(join(folder, scan.name), scan.bytes);
  return scans.map((s) => ({ name: s.name, sha: sha(s.bytes) }));
}

interface Shot {
  id: string;
  index: number;
  file_name: string | null;
}
interface Film {
  id: string;
  name: string;
  shots: Shot[];
}

describe.each(DATABASES)("the command-line uploader against a server on %s", (kind) => {
  let s: TestServer;
  let work: string;
  beforeAll(async () => {
    s = await startServer(kind);
    work = await mkdtemp(join(tmpdir(), "latent-cli-"));
  });
  afterAll(async () => {
    await s?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** A signed-in lab (`token`, for the test's own look) and the API key it made for the CLI (`key`). */
  async function lab() {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `lab-${sub}@example.com`, role: "lab" });
    expect((await s.api("/api/labs", { method: "PUT", token, body: { name: "Foto Lab Gràcia" } })).status).toBe(200);
    const made = await s.api("/api/lab/api-keys", {
      method: "POST",
      token,
      body: { name: "Scanner PC", scopes: ["orders:read", "orders:write", "upload"] },
    });
    expect(made.status).toBe(201);
    const key = made.body.token as string;
    const order = async (reference: string) => {
      const res = await s.api("/api/orders", {
        method: "POST",
        token,
        body: { reference, user_name: "Ana García", user_email: `${randomUUID()}@example.com` },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const films = async (orderId: string) => (await s.api(`/api/orders/${orderId}`, { token })).body.films as Film[];
    return { sub, token, key, order, films };
  }

  /** The bytes the server stored for a shot (downloads write metadata into originals: the store holds what was sent). */
  const storedSha = async (filmId: string, shotId: string) =>
    sha(await readFile(join(s.storeRoot, "films", filmId, "shots", shotId, "original")));

  /** Each frame holds the scan of its place in scan order, byte for byte, and no frame is there twice. */
  async function expectRoll(film: Film, scans: { name: string; sha: string }[], firstFrame = 1) {
    const shots = film.shots.toSorted((a, b) => a.index - b.index);
    expect(shots.map((x) => x.index)).toEqual(scans.map((_, i) => firstFrame + i));
    expect(shots.map((x) => x.file_name)).toEqual(scans.map((x) => x.name));
    for (const [i, shot] of shots.entries()) expect(await storedSha(film.id, shot.id)).toBe(scans[i]!.sha);
  }

  it("pushes three rolls of 36 scans into their orders, each frame in scan order and byte for byte, and never twice", async () => {
    const { key, order, films } = await lab();
    const env = { LATENT_URL: s.base, LATENT_API_KEY: key };
    const p1 = await order("P-100");
    const p2 = await order("P-200");
    const frames = Array.from({ length: 36 }, (_, i) => i + 1);
    const pad = (n: number, w: number) => String(n).padStart(w, "0");
    const jpegs = await Promise.all(frames.map((n) => jpeg(96, 64, n)));
    const other = (n: number) => jpeg(96, 64, 100 + n);
    // A Noritsu roll, a Frontier roll with the film's half steps, and a roll named by any other software.
    const noritsu = await writeScans(
      join(work, "noritsu"),
      frames.map((n) => ({ name: `000100_${pad(n, 4)}.jpg`, bytes: jpegs[n - 1]! })),
    );
    const frontier = await writeScans(
      join(work, "frontier"),
      await Promise.all(
        frames.map(async (n) => ({ name: `R1-00100-${Math.ceil(n / 2)}${n % 2 === 0 ? "A" : ""}.JPG`, bytes: await other(n) })),
      ),
    );
    const plain = await writeScans(
      join(work, "Roll 3"),
      await Promise.all(frames.map(async (n) => ({ name: `scan-${n}.jpg`, bytes: await other(50 + n) }))),
    );

    const runs = await Promise.all([
      latent(["push", join(work, "noritsu"), "--order", "P-100", "--roll", "First roll", "--parallel", "4"], env).done,
      latent(["push", join(work, "frontier"), "--order", "P-100", "--roll", "Second roll", "--stock", "Kodak Portra 400"], env).done,
      latent(["push", join(work, "Roll 3"), "--order", "P-200", "--first-frame", "2", "--parallel", "2"], env).done,
    ]);
    for (const run of runs) {
      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(run.stdout).toMatch(/^36 files sent \(/);
    }

    const inP1 = await films(p1);
    expect(inP1.map((f) => f.name).sort()).toEqual(["First roll", "Second roll"]);
    await expectRoll(inP1.find((f) => f.name === "First roll")!, noritsu);
    const second = inP1.find((f) => f.name === "Second roll")!;
    await expectRoll(second, frontier);
    expect(second).toMatchObject({ brand: "Kodak", model: "Portra 400", format: "135" });
    const [roll3] = await films(p2);
    expect(roll3!.name).toBe("Roll 3");
    await expectRoll(roll3!, plain, 2);

    // Pushed again: the journal knows every file is there; nothing is sent, no roll or shot is made anew.
    const again = await latent(["push", join(work, "noritsu"), "--order", "P-100", "--roll", "First roll"], env).done;
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^0 files sent .*; 36 already on the server/);
    const after = await films(p1);
    expect(after).toHaveLength(2);
    expect(
      after
        .find((f) => f.name === "First roll")!
        .shots.map((x) => x.id)
        .sort(),
    ).toEqual(
      inP1
        .find((f) => f.name === "First roll")!
        .shots.map((x) => x.id)
        .sort(),
    );
  }, 240_000);

  it("finds the order whose reference is exactly the one given among hundreds the search also matches", async () => {
    const { key, order, films } = await lab();
    const wanted = await order("LOT");
    // Newer orders whose references start the same fill more than one page of the search (200 a page).
    for (let batch = 0; batch < 21; batch++) await Promise.all(Array.from({ length: 10 }, (_, i) => order(`LOT ${batch * 10 + i + 1}`)));
    const folder = join(work, "lot");
    const scans = await writeScans(folder, [{ name: "1.jpg", bytes: await jpeg(64, 48, 9) }]);
    const run = await latent(["push", folder, "--order", "LOT"], { LATENT_URL: s.base, LATENT_API_KEY: key }).done;
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const [film] = await films(wanted);
    await expectRoll(film!, scans);
  }, 120_000);

  it("skips a file that is not an image and sends the rest, and says why a key, an order, a full order or a command line is refused", async () => {
    const { token, key, order, films } = await lab();
    const env = { LATENT_URL: s.base, LATENT_API_KEY: key };
    const orderId = await order("E-1");
    const folder = join(work, "mixed");
    const scans = await writeScans(folder, [
      { name: "001.jpg", bytes: await jpeg(64, 48, 1) },
      { name: "003.jpg", bytes: await jpeg(64, 48, 3) },
    ]);
    await writeFile(join(folder, "002.jpg"), "a note saved with the wrong name\n");
    await writeFile(join(folder, "order.txt"), "sidecar");

    const run = await latent(["push", folder, "--order", "E-1"], env).done;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^2 files sent/);
    expect(run.stdout).toContain("skipped mixed/002.jpg: not an image");
    expect(run.stdout).toContain("left alone in mixed (not named as scans): order.txt");
    // The refused file keeps its place: 003.jpg is the third frame.
    const [film] = await films(orderId);
    expect(film!.shots.map((x) => [x.index, x.file_name]).sort()).toEqual([
      [1, "001.jpg"],
      [3, "003.jpg"],
    ]);
    expect(await storedSha(film!.id, film!.shots.find((x) => x.index === 3)!.id)).toBe(scans[1]!.sha);

    const wrongKey = await latent(["push", folder, "--order", "E-1"], { ...env, LATENT_API_KEY: `latk_0000000000000000_${"A".repeat(43)}` })
      .done;
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toContain("refused the key (401");
    const noOrder = await latent(["push", folder, "--order", "NO-SUCH-ORDER"], env).done;
    expect(noOrder.code).toBe(4);
    expect(noOrder.stderr).toContain('No order with the reference "NO-SUCH-ORDER"');
    const usage = await latent(["push", folder], env).done;
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("needs --order");
    // An order already holding its 20 rolls takes no other: the lab's limit, said as such.
    const full = await order("FULL-1");
    for (let i = 1; i <= 20; i++)
      await s.api(`/api/orders/${full}/films`, {
        method: "POST",
        token,
        body: { name: `Roll ${i}`, brand: "Kodak", model: "Gold 200", iso: 200, format: "135", process: "C-41" },
      });
    const refused = await latent(["push", folder, "--order", "FULL-1"], env).done;
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain("(order-rolls-limit)");
    const help = await latent(["--help"], {}).done;
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes:");
  }, 120_000);

  it("watches a hot folder through a kill and a network cut: folders bound by reference, sticker or a new order, every file once, byte for byte, in scan order", async () => {
    const { sub, token, key, order, films } = await lab();
    const orderId = await order("W-700");
    // A photographer's roll with a sticker, sent to this lab: its folder is named by the sticker's short id.
    const owner = await photographer(s);
    const ownerSub = JSON.parse(Buffer.from(owner.split(".")[1]!, "base64url").toString()).sub as string;
    const sent = await s.api("/api/film", { method: "POST", token: owner, body: { ...roll, name: "Costa Brava" } });
    const hash = randomBytes(16).toString("base64url");
    const shortId = shortIdFromBytes(randomBytes(8));
    await s.latent.db
      .insertInto("stickers")
      .values({ hash, short_id: shortId, user_id: ownerSub, shipment_id: null, position: 0 })
      .execute();
    await s.api("/api/film/link", { method: "PUT", token: owner, body: { sticker_hash: hash, film_id: sent.body.id } });
    expect(
      (await s.api(`/api/film/${sent.body.id}/status`, { method: "POST", token: owner, body: { status: "sent", lab_id: sub } })).status,
    ).toBe(200);
    const root = join(work, "hot");
    const bound = await writeScans(join(root, "W-700"), [
      { name: "000700_0001.tif", bytes: await bigTiff() },
      ...(await Promise.all([2, 3, 4, 5, 6].map(async (n) => ({ name: `000700_000${n}.jpg`, bytes: await jpeg(120, 80, n) })))),
    ]);
    const walkIn = await writeScans(
      join(root, "Walk-in 12"),
      await Promise.all([1, 2, 3].map(async (n) => ({ name: `IMG_${n}.jpg`, bytes: await jpeg(80, 120, 20 + n) }))),
    );
    // Typed as a lab writes it on the folder: lower case, no dashes.
    const stickered = await writeScans(
      join(root, `ana ${shortId.replaceAll("-", "").toLowerCase()}`),
      await Promise.all([1, 2].map(async (n) => ({ name: `F${n}.jpg`, bytes: await jpeg(90, 60, 40 + n) }))),
    );
    const proxy = await cuttingProxy(Number(new URL(s.base).port));
    const env = { LATENT_URL: proxy.url, LATENT_API_KEY: key };
    try {
      // First run: killed once 22 MB went out, in the middle of the big scan's second chunk.
      const first = latent(["watch", root, "--settle-seconds", "1", "--parallel", "2", "--plain"], env);
      await proxy.holdAfter(22_000_000);
      first.child.kill("SIGKILL");
      await first.done;
      proxy.release();
      const journalOf = async (folder: string) =>
        (await readFile(join(root, folder, ".latent-journal.jsonl"), "utf8"))
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { t: string; file?: string; upload_id?: string });
      const begunBefore = (await journalOf("W-700")).filter((e) => e.t === "begin");
      const bigUpload = begunBefore.find((e) => e.file === "000700_0001.tif")!.upload_id;
      expect((await s.api(`/api/uploads/${bigUpload}`, { token })).body).toMatchObject({ received: [1], missing: [2], complete: false });

      // Restarted: the network drops 2 MB into what is left; the CLI tries again and finishes.
      proxy.cutAfter(2_000_000);
      const second = await latent(["watch", root, "--settle-seconds", "1", "--parallel", "2", "--once", "--plain"], env).done;
      expect(second, second.stderr).toMatchObject({ code: 0 });
      expect(proxy.cuts()).toBe(1);
      expect(second.stderr).toMatch(/network: .*; try 2 in/);
      expect(second.stderr).toContain("#01 000700_0001.tif: sending 10.2 MB (resumed: 16.8 MB were there)");

      const [roll] = await films(orderId);
      expect(roll!.name).toBe("W-700");
      await expectRoll(roll!, bound);
      // Each file was begun once over both runs: the restart went on with the upload the first run began.
      const journal = await journalOf("W-700");
      for (const { name } of bound) expect(journal.filter((e) => e.t === "begin" && e.file === name)).toHaveLength(1);
      for (const begun of begunBefore)
        expect(journal.filter((e) => e.t === "done" && e.file === begun.file)[0]?.upload_id).toBe(begun.upload_id);

      // The folder no order claims became a new order, waiting for its customer's email.
      const listed = (await s.api(`/api/orders?search=${encodeURIComponent("Walk-in 12")}`, { token })).body as {
        id: string;
        reference: string;
        user_name: string;
        user_email: string | null;
      }[];
      const walkInOrder = listed.find((o) => o.reference === "Walk-in 12")!;
      expect(walkInOrder.user_email).toBeNull();
      expect(walkInOrder.user_name).toBe("");
      const [walkInRoll] = await films(walkInOrder.id);
      await expectRoll(walkInRoll!, walkIn);

      // The stickered folder: the lab received the roll by its sticker, and the scans went into its roll in that order.
      const received = (await s.api(`/api/lab/stickers/${shortId}`, { token })).body as { order_id: string; status: string };
      // Received, and scanned once its scans were processed.
      expect(["received", "scanned"]).toContain(received.status);
      expect((await s.api(`/api/orders/${received.order_id}`, { token })).body.reference).toBe(shortId);
      const [labCopy] = await films(received.order_id);
      expect(labCopy!.name).toBe("Costa Brava");
      await expectRoll(labCopy!, stickered);
    } finally {
      await proxy.close();
    }
  }, 240_000);
});
