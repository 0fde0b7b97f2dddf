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
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30 * seed, g: 120, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
/** A real-shaped Exif Notes JSON export of a five-frame roll (frame 3: f/8, 1/125). */
const exifNotesLog = readFileSync(new URL("../apps/server/test/fixtures/frame-logs/exif-notes.json", import.meta.url));

test("a photographer imports an Exif Notes log into a roll, reviews the pairs and sees frame 3's f/8 1/125 in the lightbox", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("framelog"), "user");
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Girona, summer");
  await dropFiles(
    page,
    page.getByText("Drop scans or a folder here"),
    await Promise.all([1, 2, 3, 4, 5].map(async (n) => ({ name: `girona-${n}.jpg`, buffer: await scan(n) }))),
  );
  await page.getByRole("button", { name: "Upload 5 files" }).click();
  for (const index of [1, 2, 3, 4, 5]) await expect(tile(page, index).locator("img")).toBeVisible({ timeout: 30_000 });

  // The log is chosen from the file picker; the review lists each logged frame with its shot and what will be written.
  await page.getByRole("button", { name: "Import frame log" }).click();
  const chooser = page.waitForEvent("filechooser");
  await dialog(page).getByRole("button", { name: "Choose a file" }).click();
  await (await chooser).setFiles({ name: "Girona_summer.json", mimeType: "application/json", buffer: exifNotesLog });
  await expect(dialog(page).getByText("Girona_summer.json, from Exif Notes (JSON)")).toBeVisible();
  await expect(dialog(page).getByText("5 frames logged, 5 scans on this roll")).toBeVisible();
  const frame3 = dialog(page).getByTestId("frame-log-pair-3");
  await expect(frame3).toContainText("Shot 3");
  await expect(frame3).toContainText("f/8");
  await expect(frame3).toContainText("1/125 s");
  // The log and the scans agree: no mismatch is called out.
  await expect(dialog(page).getByText("Check the pairs before applying")).toBeHidden();
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include("[role=dialog]").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // Shifting all by one moves frame 3 to shot 4 and leaves frame 5 out; back again, then frame 5 is unpaired by hand.
  await dialog(page).getByRole("button", { name: "Pair every frame with the shot after" }).click();
  await expect(frame3).toContainText("Shot 4");
  await expect(dialog(page).getByText("Logged frames left out: 5")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Pair every frame with the shot before" }).click();
  await expect(frame3).toContainText("Shot 3");
  await dialog(page).getByRole("button", { name: "Unpair frame 5" }).click();
  await expect(dialog(page).getByText("Scans left as they are: 5")).toBeVisible();

  // Nothing was written yet: Apply writes the four confirmed frames.
  await dialog(page).getByRole("button", { name: "Apply to 4 frames" }).click();
  await expect(page.getByText("Exposure written to 4 frames")).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  await tile(page, 3).click();
  const details = dialog(page).getByRole("complementary", { name: "Details" });
  await expect(details).toContainText("f/8");
  await expect(details).toContainText("1/125 s");
  await expect(details).toContainText("35 mm");
  await page.keyboard.press("End");
  await expect(dialog(page).getByRole("heading", { name: /^Shot 5/ })).toBeVisible();
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
