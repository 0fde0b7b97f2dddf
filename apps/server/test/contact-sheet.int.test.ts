import { execFile as execFileCallback } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import jsqr from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stickerUrl } from "../src/features/stickers/sticker-sheet.ts";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { ADDRESS } from "./shop-fixtures.ts";

const execFile = promisify(execFileCallback);
// jsqr is CommonJS typed as an ES module: under nodenext its default import is module.exports, whose `default` is the decoder.
const jsQR = jsqr.default;

interface Sheet {
  text: string;
  pages: number;
  /** Page size in points, as pdfinfo prints it ("595.276 x 841.89"). */
  size: string;
  images: number;
}

describe.each(DATABASES)("contact sheets on %s", (kind) => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startServer(kind);
    dir = await mkdtemp(join(tmpdir(), "contact-sheet-"));
  });
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  let saved = 0;
  /** What poppler reads in a PDF: its text in reading order, pages, page size and embedded images. */
  async function read(pdf: Buffer): Promise<Sheet> {
    const path = join(dir, `sheet-${++saved}.pdf`);
    await writeFile(path, pdf);
    const [{ stdout: text }, { stdout: info }, { stdout: images }] = await Promise.all([
      execFile("pdftotext", ["-raw", path, "-"]),
      execFile("pdfinfo", [path]),
      execFile("pdfimages", ["-list", path]),
    ]);
    return {
      text,
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
      size: /^Page size:\s+([\d.]+ x [\d.]+)/m.exec(info)?.[1] ?? "",
      images: images.trim().split("\n").length - 2,
    };
  }

  /** The numbers printed under the frames: the rows of the text that hold nothing else, in reading order. */
  const frameNumbers = (sheet: Sheet) =>
    sheet.text
      .split("\n")
      .filter((line) => /^\d+( \d+)*$/.test(line.trim()))
      .flatMap((line) => line.trim().split(" "));

  async function fetchSheet(path: string, headers: Record<string, string>) {
    const res = await fetch(`${s.base}${path}`, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const own = (token: string, filmId: string, query = "") =>
    fetchSheet(`/api/film/${filmId}/contact-sheet${query}`, { authorization: `Bearer ${token}` });
  const shared = (code: string, query = "") => fetchSheet(`/api/public/film/contact-sheet${query}`, { authorization: `Bearer ${code}` });

  /** A roll with scans at the given frame numbers, each a small image of its own colour. */
  async function rollWith(token: string, frames: number[], fields: Record<string, unknown> = {}) {
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, ...fields } });
    for (const index of frames) await upload(s, token, film.id, index, await jpeg(240, 160, index));
    await waitForShots(s, token, film.id, frames.length);
    return film.id as string;
  }

  it("gives the owner a PDF of the roll's frames, numbered, under its name, stock, ISO and EI, process, format and date", async () => {
    const token = await photographer(s);
    const filmId = await rollWith(token, [1, 2, 17], { push_pull: 1 });

    const res = await own(token, filmId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Summer-in-Cadaqu_s-contact-sheet.pdf"; filename*=UTF-8''Summer-in-Cadaqu%C3%A9s-contact-sheet.pdf`,
    );
    const sheet = await read(res.bytes);
    expect(sheet.text).toContain("Summer in Cadaqués");
    expect(sheet.text).toContain("Kodak Portra 400 · 135 · C-41");
    // Portra 400 pushed one stop was shot at EI 800.
    expect(sheet.text).toContain("ISO 400 · EI 800 (push +1)");
    expect(sheet.text).toContain("July 2026 · 3 frames");
    // Every frame printed from its stored image, each with its own number and no other.
    expect(sheet.images).toBe(3);
    expect(frameNumbers(sheet)).toEqual(["1", "2", "17"]);
    expect(sheet.size).toBe("595.28 x 841.89");

    const letter = await read((await own(token, filmId, "?paper=letter")).bytes);
    expect(letter.size).toBe("612 x 792");
    expect(letter.images).toBe(3);

    // In the reader's language: the page's (`lang`), else the browser's.
    const french = await read((await own(token, filmId, "?lang=fr-FR")).bytes);
    expect(french.text).toContain("ISO 400 · EI 800 (poussé +1)");
    expect(french.text).toContain("juillet 2026 · 3 vues");
    const browser = await fetchSheet(`/api/film/${filmId}/contact-sheet`, {
      authorization: `Bearer ${token}`,
      "accept-language": "es-ES,es;q=0.9",
    });
    expect((await read(browser.bytes)).text).toContain("julio 2026 · 3 fotogramas");

    // A frame whose preview is gone prints from its thumbnail rather than leave a hole.
    await s.latent.db.updateTable("shots").set({ preview_key: null }).where("film_id", "=", filmId).where("index", "=", 2).execute();
    expect((await read((await own(token, filmId)).bytes)).images).toBe(3);
  });

  it("fits a 36-frame 135 roll on at most two pages, every frame on it with its number", async () => {
    const token = await photographer(s);
    const frames = Array.from({ length: 36 }, (_, i) => i + 1);
    const filmId = await rollWith(token, frames);
    const res = await own(token, filmId);
    expect(res.status).toBe(200);
    const sheet = await read(res.bytes);
    expect(sheet.pages).toBeLessThanOrEqual(2);
    expect(sheet.images).toBe(36);
    expect(frameNumbers(sheet)).toEqual(frames.map(String));
  });

  it("prints the lab's name of a roll that came from a lab, and the roll's sticker as a QR code that opens it", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    const filmId = await rollWith(token, [1], { push_pull: -1, month: null, year: 1999 });
    await s.latent.db.updateTable("films").set({ from_lab_name: "Foto Ramblas" }).where("id", "=", filmId).execute();
    expect((await s.api("/api/user", { method: "PUT", token, body: { shipping: ADDRESS } })).status).toBe(200);
    const shipment = await s.api("/api/shipping", { method: "POST", token, body: { items: [{ item_id: "pack-24", quantity: 1 }] } });
    await s.latent.services.stickers.mint(s.latent.db, sub, shipment.body.id, 1);
    const [sticker] = (await s.api("/api/stickers", { token })).body;
    const linked = await s.api("/api/film/link", { method: "PUT", token, body: { sticker_hash: sticker.sticker_hash, film_id: filmId } });
    expect(linked.status).toBe(200);

    const res = await own(token, filmId);
    const sheet = await read(res.bytes);
    expect(sheet.text).toContain("ISO 400 · EI 200 (pull -1)");
    expect(sheet.text).toContain("1999 · Lab: Foto Ramblas · 1 frame");
    expect(sheet.text).toContain(sticker.short_id);

    const path = join(dir, `qr-${++saved}`);
    await writeFile(`${path}.pdf`, res.bytes);
    await execFile("pdftoppm", ["-r", "150", "-f", "1", "-l", "1", "-png", `${path}.pdf`, path]);
    const png = (await readdir(dir)).find((f) => f.startsWith(`qr-${saved}`) && f.endsWith(".png"))!;
    const { data, info } = await sharp(join(dir, png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(
      stickerUrl(s.latent.config.publicUrl, sticker.sticker_hash),
    );
  });

  it("keeps a roll from anyone but its owner and refuses a roll with nothing to print or a paper it does not know", async () => {
    const token = await photographer(s);
    const filmId = await rollWith(token, [1]);
    const stranger = await photographer(s);
    expect((await own(stranger, filmId)).status).toBe(404);
    expect((await fetchSheet(`/api/film/${filmId}/contact-sheet`, {})).status).toBe(401);

    const bad = await own(token, filmId, "?paper=a3");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString())).toMatchObject({ error: "bad-request", message: "paper: Choose the paper: a4 or letter" });

    const { body: empty } = await s.api("/api/film", { method: "POST", token, body: roll });
    const none = await own(token, empty.id);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.bytes.toString())).toEqual({
      error: "nothing-to-download",
      message: "This roll has no finished scans to put on a contact sheet",
      requestId: expect.any(String),
    });
  });

  it("gives the sheet to whoever holds the roll's share link, until the link is revoked or expires", async () => {
    const token = await photographer(s);
    const filmId = await rollWith(token, [1, 2]);
    const share = (await s.api(`/api/film/${filmId}/share?expiration=60`, { method: "POST", token })).body;

    const res = await shared(share.code, "?paper=letter");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const sheet = await read(res.bytes);
    expect(sheet.text).toContain("Summer in Cadaqués");
    expect(sheet.images).toBe(2);
    expect(sheet.size).toBe("612 x 792");
    expect((await shared("not-a-code")).status).toBe(401);

    expect((await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "DELETE", token })).status).toBe(204);
    const revoked = await shared(share.code);
    expect(revoked.status).toBe(401);
    expect(JSON.parse(revoked.bytes.toString()).error).toBe("share-revoked");

    const other = (await s.api(`/api/film/${filmId}/share?expiration=60`, { method: "POST", token })).body;
    expect((await shared(other.code)).status).toBe(200);
    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", other.id)
      .execute();
    const expired = await shared(other.code);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.bytes.toString()).error).toBe("share-expired");
  });
});
