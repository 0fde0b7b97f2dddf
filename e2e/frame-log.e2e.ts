import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

const dialog = (page: Page) => page.getByRole("dialog");
const tile = (page: Page, index: number) => page.getByRole("button", { name: new RegExp(`^Open shot ${index}(\\.|$)`) });
const scan = (seed: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: (30 * seed) % 256, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
/**
 * A real-shaped Exif Notes JSON export of a whole 36-exposure roll: the fixture's five frames (frame 3: f/8, 1/125,
 * 35 mm), then frames 6 to 36 noted like its first, a minute apart.
 */
const exifNotesLog = (() => {
  const log = JSON.parse(readFileSync(new URL("../apps/server/test/fixtures/frame-logs/exif-notes.json", import.meta.url), "utf8"));
  const first = log.frames[0];
  for (let count = 6; count <= 36; count++) {
    log.frames.push({
      ...first,
      id: 900 + count,
      count,
      date: `2026-08-14T11:${String(count).padStart(2, "0")}:00`,
      note: `Frame ${count}`,
    });
  }
  return Buffer.from(JSON.stringify(log, null, 4));
})();
const FRAMES = Array.from({ length: 36 }, (_, i) => i + 1);

test("a photographer imports an Exif Notes log into a 36-shot roll, reviews the pairs, sees frame 3's f/8 1/125 in the lightbox and in the zip's file", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpFromLanding(page, newAccount("framelog"), "user");
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Girona, summer");
  await dropFiles(
    page,
    page.getByText("Drop scans or a folder here"),
    await Promise.all(FRAMES.map(async (n) => ({ name: `girona-${String(n).padStart(2, "0")}.jpg`, buffer: await scan(n) }))),
  );
  await page.getByRole("button", { name: "Upload 36 files" }).click();
  for (const index of FRAMES) await expect(tile(page, index).locator("img")).toBeVisible({ timeout: 60_000 });

  // The log is chosen from the file picker; the review lists each logged frame with its shot and what will be written.
  await page.getByRole("button", { name: "Import frame log" }).click();
  const chooser = page.waitForEvent("filechooser");
  await dialog(page).getByRole("button", { name: "Choose a file" }).click();
  await (await chooser).setFiles({ name: "Girona_summer.json", mimeType: "application/json", buffer: exifNotesLog });
  await expect(dialog(page).getByText("Girona_summer.json, from Exif Notes (JSON)")).toBeVisible();
  await expect(dialog(page).getByText("36 frames logged, 36 scans on this roll")).toBeVisible();
  const frame3 = dialog(page).getByTestId("frame-log-pair-3");
  await expect(frame3).toContainText("Shot 3");
  await expect(frame3).toContainText("f/8");
  await expect(frame3).toContainText("1/125 s");
  // The log and the scans agree: no mismatch is called out.
  await expect(dialog(page).getByText("Check the pairs before applying")).toBeHidden();
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include("[role=dialog]").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // Shifting all by one moves frame 3 to shot 4 and leaves frame 36 out; back again, then frame 36 is unpaired by hand.
  await dialog(page).getByRole("button", { name: "Pair every frame with the shot after" }).click();
  await expect(frame3).toContainText("Shot 4");
  await expect(dialog(page).getByText("Logged frames left out: 36")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Pair every frame with the shot before" }).click();
  await expect(frame3).toContainText("Shot 3");
  await dialog(page).getByRole("button", { name: "Unpair frame 36" }).click();
  await expect(dialog(page).getByText("Scans left as they are: 36")).toBeVisible();

  // Nothing was written yet: Apply writes the 35 confirmed frames.
  await dialog(page).getByRole("button", { name: "Apply to 35 frames" }).click();
  await expect(page.getByText("Exposure written to 35 frames")).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  await tile(page, 3).click();
  const details = dialog(page).getByRole("complementary", { name: "Details" });
  await expect(details).toContainText("f/8");
  await expect(details).toContainText("1/125 s");
  await expect(details).toContainText("35 mm");
  await page.keyboard.press("End");
  await expect(dialog(page).getByRole("heading", { name: /^Shot 36/ })).toBeVisible();
  await expect(details).not.toContainText("Shutter speed");

  // The roll's zip carries what the log said: frame 3's file has f/8 and 1/125 s in its EXIF, as exiftool reads it.
  await page.keyboard.press("Escape");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download zip" }).click();
  const zipPath = await (await downloading).path();
  const third = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" })
    .trim()
    .split("\n")
    .find((name) => name.endsWith("-03.jpg"))!;
  const out = mkdtempSync(join(tmpdir(), "latent-framelog-"));
  writeFileSync(join(out, "03.jpg"), execFileSync("unzip", ["-p", zipPath, third]));
  const [tags] = JSON.parse(execFileSync("exiftool", ["-j", "-n", join(out, "03.jpg")], { encoding: "utf8" })) as Record<string, unknown>[];
  expect(tags).toMatchObject({ FNumber: 8, FocalLength: 35, ExposureNumber: 3 });
  expect(tags!.ExposureTime).toBeCloseTo(1 / 125, 6);
});
