import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";

const dialog = (page: Page) => page.getByRole("dialog");

/** A real JPEG scan: a coloured frame with a lighter band, so each file is a different image. */
async function jpeg(width: number, height: number, hue: { r: number; g: number; b: number }) {
  const band = await sharp({ create: { width, height: Math.round(height / 4), channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: hue } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Serious and critical WCAG A/AA problems on what the page shows now (only in the dialog, when one is open: the page
 * behind it is inert). Notices are left out: they fade in and out on their own timer, and a scan in the middle of a
 * fade measures the transition, not the page.
 */
async function seriousViolations(page: Page, { inDialog = false } = {}) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude(".mantine-Notifications-root");
  const { violations } = await (inDialog ? builder.include("[role=dialog]") : builder).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`);
}

/** The thumbnail of a shot, shown and really decoded (not a broken image). */
async function expectThumbnail(page: Page, index: number) {
  const tile = page.getByRole("list", { name: /^\d+ shots?$/ }).getByRole("button", { name: new RegExp(`^Open shot ${index}(\\.|$)`) });
  const image = tile.locator("img");
  // The server makes the thumbnail after the upload; on a busy machine that takes a while.
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      image.evaluate((img) => {
        const decoded = img as unknown as { complete: boolean; naturalWidth: number };
        return decoded.complete ? decoded.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
}

test("a photographer registers a roll, uploads its scans, notes a shot, shares it, and a visitor downloads the zip", async ({
  page,
  browser,
}, testInfo) => {
  // A long journey with five accessibility scans: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const work = mkdtempSync(join(tmpdir(), "latent-films-e2e-"));
  try {
    await signUpFromLanding(page, newAccount("films"), "user");
    await expect(page).toHaveURL("/u/home");

    // Rolls can be registered once the privacy policy is accepted.
    await page.goto("/u/privacy");
    await page.getByRole("button", { name: "I accept the privacy policy" }).click();
    await expect(page).toHaveURL("/u/home");

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Rolls" }).click();
    await expect(page).toHaveURL("/u/films");
    await expect(page.getByText("No rolls yet")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A 35 mm roll: the catalogue fills in brand, model, ISO and process.
    await page.getByRole("button", { name: "Register your first roll" }).click();
    await expect(dialog(page).getByRole("heading", { name: "New roll" })).toBeVisible();
    await dialog(page).getByLabel("Name or code").fill("Holiday roll");
    await dialog(page).getByRole("combobox", { name: "Film stock" }).fill("Portra 400");
    await page.getByRole("option", { name: "Kodak Portra 400 · ISO 400 · C-41" }).click();
    await expect(dialog(page).getByLabel("Brand")).toHaveValue("Kodak");
    await expect(dialog(page).getByLabel("Model")).toHaveValue("Portra 400");
    await expect(dialog(page).getByLabel("Format")).toHaveValue("135");
    await expect(dialog(page).getByLabel("Frame size")).toHaveValue("24x36");
    expect(await seriousViolations(page, { inDialog: true })).toEqual([]);
    await dialog(page).getByRole("button", { name: "Create roll" }).click();
    await expect(page).toHaveURL(/\/u\/films\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Holiday roll", level: 1 })).toBeVisible();
    await expect(page.getByText("Kodak Portra 400 · ISO 400")).toBeVisible();
    await expect(page.getByText("No shots yet")).toBeVisible();

    // Three scans dropped at once go, in the natural order of their names, to shots 1 to 3.
    const scans = [
      { name: "scan-10.jpg", buffer: await jpeg(900, 600, { r: 160, g: 60, b: 40 }) },
      { name: "scan-2.jpg", buffer: await jpeg(900, 600, { r: 40, g: 110, b: 160 }) },
      { name: "scan-1.jpg", buffer: await jpeg(600, 900, { r: 70, g: 140, b: 60 }) },
    ];
    await dropFiles(page, page.getByText("Drop scans or a folder here"), scans);
    await expect(page.getByRole("heading", { name: "3 scans chosen" })).toBeVisible();
    const mapping = page.getByRole("list", { name: "Which file goes to which shot" });
    await expect(mapping.getByRole("listitem")).toHaveText(["Shot 1 ← scan-1.jpg", "Shot 2 ← scan-2.jpg", "Shot 3 ← scan-10.jpg"]);

    // Four shots for three files: nothing would be uploaded, and the page says why.
    await page.getByLabel("To shot").fill("4");
    await expect(page.getByRole("alert").filter({ hasText: "Nothing will be uploaded" })).toContainText(
      "You chose 3 files but 4 shots. Choose as many shots as files.",
    );
    await page.getByLabel("To shot").fill("3");
    await expect(page.getByRole("alert").filter({ hasText: "Nothing will be uploaded" })).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Upload 3 files" }).click();

    // The upload panel says what the tiles say: sent, processed, ready.
    await expect(page.getByRole("heading", { name: "3 scans ready" })).toBeVisible({ timeout: 30_000 });
    for (const index of [1, 2, 3]) await expectThumbnail(page, index);
    await expect(page.getByRole("heading", { name: "Holiday roll", level: 1 })).toBeVisible();

    // The lightbox: the arrow keys move between shots.
    await page.getByRole("button", { name: "Open shot 1", exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Shot 1 · scan-1.jpg" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog(page).getByRole("heading", { name: "Shot 2 · scan-2.jpg" })).toBeVisible();
    await expect(dialog(page).getByText("2 of 3")).toBeVisible();
    expect(await seriousViolations(page, { inDialog: true })).toEqual([]);

    // Shot 2 is kept and noted with its scanner, from the edit form beside its details.
    await dialog(page).getByRole("button", { name: "Edit shot" }).click();
    await dialog(page).getByRole("combobox", { name: "Scanner" }).fill("Epson Perfection V600 Photo");
    await dialog(page).getByRole("switch", { name: "Keep this shot" }).check();
    await dialog(page).getByRole("button", { name: "Save shot" }).click();
    await expect(page.getByText("Shot 2 saved")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    await page.reload();
    await expect(page.getByRole("button", { name: "Open shot 2. Kept" })).toBeVisible();
    await page.getByRole("button", { name: "Open shot 2. Kept" }).click();
    await dialog(page).getByRole("button", { name: "Edit shot" }).click();
    await expect(dialog(page).getByRole("switch", { name: "Keep this shot" })).toBeChecked();
    await expect(dialog(page).getByRole("combobox", { name: "Scanner" })).toHaveValue("Epson Perfection V600 Photo");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    // The zip download is behind the `zip` feature flag, on unless the operator turns it off (decision 0039).
    await expect(page.getByRole("button", { name: "Share", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Download zip" })).toBeVisible();

    // A link for one day, shown with its expiry.
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(dialog(page).getByRole("radio", { name: "1 day" })).toBeChecked();
    await dialog(page).getByRole("button", { name: "Create link" }).click();
    const linkField = dialog(page).getByLabel("Public link");
    await expect(linkField).toHaveValue(/\/film\?code=/);
    await expect(dialog(page).getByText(/^Expires on /)).toBeVisible();
    const link = await linkField.inputValue();
    await page.keyboard.press("Escape");

    // Anyone with the link, without an account, sees the roll and downloads it as a zip.
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US", acceptDownloads: true });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(link);
      await expect(visitor.getByRole("heading", { name: "Holiday roll", level: 1 })).toBeVisible();
      await expect(visitor.getByText("Kodak Portra 400 · ISO 400")).toBeVisible();
      for (const index of [1, 2, 3]) await expectThumbnail(visitor, index);
      expect(await seriousViolations(visitor)).toEqual([]);

      await visitor.getByRole("button", { name: "Open shot 3", exact: true }).click();
      await expect(dialog(visitor).getByRole("heading", { name: "Shot 3 · scan-10.jpg" })).toBeVisible();
      await expect(dialog(visitor).getByRole("button", { name: "Save shot" })).toHaveCount(0);
      await visitor.keyboard.press("Escape");

      // The browser downloads the zip itself; the roll's feed says when the server has sent every file.
      const downloading = visitor.waitForEvent("download");
      await visitor.getByRole("button", { name: "Download zip" }).click();
      const download = await downloading;
      await expect(visitor.getByText("Download complete: Holiday-roll.zip")).toBeVisible();
      expect(download.suggestedFilename()).toBe("Holiday-roll.zip");
      const zipPath = join(work, "roll.zip");
      await download.saveAs(zipPath);
      const entries = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n").sort();
      expect(entries).toEqual(["Holiday-roll-01.jpg", "Holiday-roll-02.jpg", "Holiday-roll-03.jpg"]);
      // Stored, not recompressed: each entry has the uploaded file's very pixels, with its roll and frame written in.
      const shot3 = execFileSync("unzip", ["-p", zipPath, "Holiday-roll-03.jpg"]);
      const pixels = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).toString("base64");
      expect(await pixels(shot3)).toBe(await pixels(scans[0]!.buffer));
      expect(shot3.includes(Buffer.from("<AnalogExif:ExposureNumber>3</AnalogExif:ExposureNumber>"))).toBe(true);

      // A wrong code says so instead of showing anything.
      await visitor.goto("/film?code=not-a-real-code");
      await expect(visitor.getByRole("heading", { name: "This link has expired or is not valid" })).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
