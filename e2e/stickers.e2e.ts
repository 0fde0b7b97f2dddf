import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import jsqr from "jsqr";
import sharp from "sharp";
import { confirmEmail, newAccount, signUpFromLanding } from "./support/accounts.ts";
import { phoneBrowser, qrVideo } from "./support/camera.ts";
import { saveSpanishAddress } from "./support/profile.ts";

const run = promisify(execFile);
// jsqr is CommonJS typed as an ES module: its default import is module.exports, whose `default` is the decoder.
const decodeQr = jsqr.default;

/** The first label of an Avery L7651 sheet (A4, 5 × 13 labels of 38.1 × 21.2 mm), in pixels at 300 dpi. */
const mm = (value: number) => Math.round((value / 25.4) * 300);
const FIRST_LABEL = { left: mm(4.7), top: mm(10.7), width: mm(38.1), height: mm(21.2) };

/** Renders the sheet's first page and reads the QR of its first sticker, as a phone's camera would. */
async function firstStickerUrl(pdfPath: string, dir: string): Promise<string> {
  await run("pdftoppm", ["-r", "300", "-png", "-f", "1", "-l", "1", pdfPath, join(dir, "page")]);
  const [image] = (await readdir(dir)).filter((f) => f.startsWith("page") && f.endsWith(".png"));
  const { data, info } = await sharp(join(dir, image!)).extract(FIRST_LABEL).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = decodeQr(new Uint8ClampedArray(data), info.width, info.height);
  expect(code, "the first sticker's QR code decodes").not.toBeNull();
  return code!.data;
}

const dialog = (page: Page) => page.getByRole("dialog");

test("a photographer buys a sticker pack, prints the sheet, and a scanned sticker opens its roll; a stranger learns nothing", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ tokens: true })));
  const account = newAccount("stickers");
  await signUpFromLanding(page, account, "user");
  // Paying needs a confirmed email.
  await confirmEmail(page, account);
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");

  // A roll to label.
  await page.goto("/u/films");
  await page.getByRole("button", { name: "Register your first roll" }).click();
  await dialog(page).getByLabel("Name or code").fill("Sleeve twelve");
  await dialog(page).getByRole("combobox", { name: "Film stock" }).fill("Portra 400");
  await page.getByRole("option", { name: "Kodak Portra 400 · ISO 400 · C-41" }).click();
  await dialog(page).getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name: "Sleeve twelve", level: 1 })).toBeVisible();
  const rollPath = new URL(page.url()).pathname;

  // Where the parcel goes: the profile's address (shipping is the same as billing).
  await saveSpanishAddress(page);

  // The bag survives a reload; then shipping, a rate and the sandbox's card checkout.
  await page.goto("/u/shop/token-packs");
  await expect(page.getByRole("heading", { name: "Sticker packs", level: 1 })).toBeVisible();
  const pack = page.locator("article[data-item=pack-24]");
  await expect(pack).toContainText("Sticker Pack 24");
  await pack.getByRole("button", { name: "Add to bag" }).click();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your bag" })).toBeVisible();
  await expect(page.getByLabel("Packs of Sticker Pack 24")).toHaveValue("1");
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await expect(page).toHaveURL(/\/u\/shop\/shipment\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await page.getByLabel(/card number/i).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^pay/i }).click();

  await expect(page).toHaveURL(/\/u\/shop\/shipment\//);
  const download = page.getByRole("button", { name: "Download sheet (A4, Avery L7651)" });
  await expect(download).toBeVisible({ timeout: 40_000 });
  await page.getByRole("link", { name: "Shipments" }).first().click();
  await expect(page.getByRole("heading", { name: "Shipments", level: 1 })).toBeVisible();
  await page.goBack();

  const dir = await mkdtemp(join(tmpdir(), "e2e-sheet-"));
  try {
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^latent-stickers-[0-9a-f]{8}-a4\.pdf$/);
    const pdf = join(dir, "sheet.pdf");
    await file.saveAs(pdf);
    const url = new URL(await firstStickerUrl(pdf, dir));
    expect(url.pathname).toMatch(/^\/sticker\/[A-Za-z0-9_-]{22}$/);
    const stickerPath = url.pathname;

    // Scanned by its owner: not linked yet, so a picker of the owner's rolls.
    await page.goto(stickerPath);
    await expect(page.getByRole("heading", { name: "Link this sticker to a roll" })).toBeVisible();
    await page.getByRole("radio", { name: /Sleeve twelve/ }).check();
    await page.getByRole("button", { name: "Link to this roll" }).click();
    await expect(page).toHaveURL(rollPath);
    await expect(page.getByRole("region", { name: "Sticker" })).toContainText(/[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}/);

    // Scanned again: straight to the roll.
    await page.goto(stickerPath);
    await expect(page).toHaveURL(rollPath);
    await expect(page.getByRole("heading", { name: "Sleeve twelve", level: 1 })).toBeVisible();

    // Unlinked, then linked again from the roll page with the camera, in a browser that has no QR reader of its
    // own (no BarcodeDetector, as in Firefox): the page reads the code itself. The camera browser takes over the session.
    const stickerRegion = page.getByRole("region", { name: "Sticker" });
    await stickerRegion.getByRole("button", { name: "Unlink" }).click();
    await dialog(page).getByRole("button", { name: "Unlink" }).click();
    await expect(stickerRegion.getByLabel("Sticker id")).toBeVisible();
    const video = join(dir, "sticker.y4m");
    await qrVideo(url.href, video);
    const camera = await phoneBrowser(video);
    try {
      const context = await camera.newContext({ storageState: await page.context().storageState() });
      await context.addInitScript(() => {
        delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
      });
      const roll = await context.newPage();
      await roll.goto(rollPath);
      await roll.getByRole("button", { name: "Scan with camera" }).click();
      await expect(roll.getByRole("region", { name: "Sticker" })).toContainText(/[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}/, { timeout: 20_000 });
      expect(await roll.evaluate(() => "BarcodeDetector" in globalThis)).toBe(false);
      // The sticker opens the roll again. (Asked here: this browser took over the session, and a refresh token used
      // in two browsers ends it in the first.)
      await roll.goto(stickerPath);
      await expect(roll).toHaveURL(rollPath);
    } finally {
      await camera.close();
    }

    // Anyone else: the sticker is a Latent roll's, and nothing about which.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(stickerPath);
    await expect(other.getByRole("heading", { name: "This sticker belongs to a Latent roll" })).toBeVisible();
    await expect(other.getByRole("main").getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(other.getByText("Sleeve twelve")).toHaveCount(0);
    await other.goto("/sticker/not-a-real-sticker");
    await expect(other.getByRole("heading", { name: "Not a Latent sticker" })).toBeVisible();
    await stranger.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
