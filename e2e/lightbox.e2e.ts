import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { apiAs } from "./support/api.ts";
import { dropFiles } from "./support/drop-files.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

const dialog = (page: Page) => page.getByRole("dialog");
const tile = (page: Page, index: number) => page.getByRole("button", { name: new RegExp(`^Open shot ${index}(\\.|$)`) });

/** A real 3:2 JPEG scan, a different colour for each shot. */
function jpeg(width: number, height: number, background: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Serious and critical WCAG A/AA problems in the open dialog (the page behind it is inert). */
async function seriousViolationsInDialog(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .include("[role=dialog]")
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`);
}

/** An image shown and really decoded (not a broken one). */
async function expectDecoded(image: Locator) {
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
}

test("a photographer looks through a roll full screen: shot by shot, zoomed, with its details, and back to the sheet", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("lightbox"), "user");
  await expect(page).toHaveURL("/u/home");
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");

  // The camera the roll was shot with.
  await page.goto("/u/gear/cameras");
  await page.getByRole("button", { name: "Add camera" }).click();
  await dialog(page).getByLabel("Brand").fill("Nikon");
  await dialog(page).getByLabel("Model").fill("FM2");
  await dialog(page).getByRole("button", { name: "Add camera" }).click();
  await expect(dialog(page)).toBeHidden();

  // An ISO 400 roll pushed one stop, shot with that camera: the roll says it was exposed at EI 800.
  await page.goto("/u/films");
  await page.getByRole("button", { name: "Register your first roll" }).click();
  await dialog(page).getByLabel("Name or code").fill("Night walk");
  await dialog(page).getByRole("combobox", { name: "Film stock" }).fill("Portra 400");
  await page.getByRole("option", { name: "Kodak Portra 400 · ISO 400 · C-41" }).click();
  await dialog(page).getByLabel("Push/pull").selectOption({ label: "+1 (push)" });
  await dialog(page).getByLabel("Camera").selectOption({ label: "Nikon FM2" });
  await dialog(page).getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name: "Night walk", level: 1 })).toBeVisible();
  await expect(page.getByText("+1 (push) · EI 800")).toBeVisible();
  const rollPath = new URL(page.url()).pathname;

  await dropFiles(page, page.getByText("Drop scans or a folder here"), [
    { name: "night-1.jpg", buffer: await jpeg(1800, 1200, { r: 150, g: 60, b: 40 }) },
    { name: "night-2.jpg", buffer: await jpeg(1800, 1200, { r: 40, g: 110, b: 160 }) },
    { name: "night-3.jpg", buffer: await jpeg(1800, 1200, { r: 70, g: 140, b: 60 }) },
  ]);
  await page.getByRole("button", { name: "Upload 3 files" }).click();
  for (const index of [1, 2, 3]) await expectDecoded(tile(page, index).locator("img"));

  // Shot 2 opens on the whole screen, at its own address, its preview as large as the screen allows.
  await tile(page, 2).click();
  await expect(dialog(page).getByRole("heading", { name: "Shot 2 · night-2.jpg" })).toBeVisible();
  await expect(page).toHaveURL(`${rollPath}?shot=2`);
  const preview = dialog(page).getByRole("img", { name: "Shot 2" });
  await expectDecoded(preview);
  const viewport = page.viewportSize()!;
  const box = (await preview.boundingBox())!;
  expect(Math.max(box.width, box.height)).toBeGreaterThanOrEqual(0.8 * Math.min(viewport.width, viewport.height));

  // Beside it, its details: the roll's camera and push, said to be the roll's.
  const details = dialog(page).getByRole("complementary", { name: "Details" });
  await expect(details).toContainText("night-2.jpg");
  await expect(details).toContainText("1800 × 1200 px");
  await expect(details).toContainText("Nikon FM2 (from the roll)");
  await expect(details).toContainText("+1 (push) · EI 800 (from the roll)");
  expect(await seriousViolationsInDialog(page)).toEqual([]);

  // The arrow keys move shot by shot, the address follows, and Back returns to the shot seen before.
  await page.keyboard.press("ArrowRight");
  await expect(dialog(page).getByRole("heading", { name: "Shot 3 · night-3.jpg" })).toBeVisible();
  await expect(page).toHaveURL(`${rollPath}?shot=3`);
  await page.goBack();
  await expect(dialog(page).getByRole("heading", { name: "Shot 2 · night-2.jpg" })).toBeVisible();
  await expect(page).toHaveURL(`${rollPath}?shot=2`);

  // A click on the picture shows the original at 100 %; Z fits it to the screen again.
  await preview.click();
  await expect(dialog(page).getByRole("button", { name: "Fit to the screen" })).toBeVisible();
  await expect.poll(async () => (await dialog(page).getByRole("img", { name: "Shot 2" }).boundingBox())?.width).toBe(1800);
  await page.keyboard.press("z");
  await expect(dialog(page).getByRole("button", { name: "Zoom to 100 %" })).toBeVisible();

  // I hides the details and shows them again.
  await page.keyboard.press("i");
  await expect(details).toBeHidden();
  await page.keyboard.press("i");
  await expect(details).toBeVisible();

  // Esc closes: the sheet is back, its address too, and the focus is on the shot's tile.
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(rollPath);
  await expect(tile(page, 2)).toBeFocused();

  // A link to a shot opens it; End and Home go to the last and the first shot.
  await page.goto(`${rollPath}?shot=3`);
  // A click on the title gives the fresh page the focus, as a visitor's first look would.
  await dialog(page).getByRole("heading", { name: "Shot 3 · night-3.jpg" }).click();
  await page.keyboard.press("Home");
  await expect(dialog(page).getByRole("heading", { name: "Shot 1 · night-1.jpg" })).toBeVisible();
  await page.keyboard.press("End");
  await expect(page).toHaveURL(`${rollPath}?shot=3`);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(rollPath);
  await expect(tile(page, 3)).toBeFocused();
});

test("a photographer keeps a shot in one click on its tile, and with K in the lightbox", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("keep"), "user");
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Keepers");
  await dropFiles(page, page.getByText("Drop scans or a folder here"), [
    { name: "keep-1.jpg", buffer: await jpeg(900, 600, { r: 150, g: 60, b: 40 }) },
    { name: "keep-2.jpg", buffer: await jpeg(900, 600, { r: 40, g: 110, b: 160 }) },
  ]);
  await page.getByRole("button", { name: "Upload 2 files" }).click();
  for (const index of [1, 2]) await expectDecoded(tile(page, index).locator("img"));

  // One click on the tile's toggle keeps shot 1; the tile says so, and so does the roll after a reload.
  const keep1 = page.getByRole("button", { name: "Keep shot 1" });
  await expect(keep1).toHaveAttribute("aria-pressed", "false");
  // Its tooltip says what it does, at once, and wraps within the spec's 12.5 rem.
  await keep1.hover();
  const tip = page.getByRole("tooltip");
  await expect(tip).toHaveText("Keep shot 1");
  await expect(tip).toHaveCSS("max-width", "200px");
  await keep1.click();
  await expect(keep1).toHaveAttribute("aria-pressed", "true");
  await expect(tile(page, 1)).toHaveAccessibleName(/Kept/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Keep shot 1" })).toHaveAttribute("aria-pressed", "true");

  // In the lightbox, K keeps shot 2 and K again unkeeps it; the bar's toggle follows.
  await tile(page, 2).click();
  const keepInBar = dialog(page).getByRole("button", { name: "Keep", exact: true });
  await expect(keepInBar).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("k");
  await expect(keepInBar).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Keep shot 2" })).toHaveAttribute("aria-pressed", "true");
  await tile(page, 2).click();
  await expect(keepInBar).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("k");
  await expect(keepInBar).toHaveAttribute("aria-pressed", "false");

  // A frame's noted exposure shows in its details, as a log sheet reads it.
  const filmId = new URL(page.url()).pathname.split("/").at(-1)!;
  await apiAs(page, `/api/film/shot/${filmId}`, {
    method: "PUT",
    body: { index: 2, exposure: { aperture: 8, shutter: "125", focal_length: 50, taken_at: "2026-08-14T19:32:00+02:00" } },
  });
  await page.keyboard.press("Escape");
  await page.reload();
  await tile(page, 2).click();
  const details = dialog(page).getByRole("complementary", { name: "Details" });
  await expect(details).toContainText("f/8");
  await expect(details).toContainText("1/125 s");
  await expect(details).toContainText("50 mm");
  await expect(details).toContainText("August 14, 2026, 19:32 (UTC+02:00)");

  // The owner notes it in the shot's form too: what breaks a limit is said at its field, and nothing is saved.
  await details.getByRole("button", { name: "Edit shot" }).click();
  await details.getByLabel("Aperture").fill("0.5");
  await details.getByRole("button", { name: "Save shot" }).click();
  await expect(details.getByText("Enter an aperture between f/0.7 and f/128")).toBeVisible();
  await details.getByLabel("Aperture").fill("5,6");
  await details.getByLabel("Shutter speed").fill("60");
  await details.getByRole("button", { name: "Save shot" }).click();
  await expect(details).toContainText("f/5.6");
  await expect(details).toContainText("1/60 s");

  // Many frames at once: the same aperture on the whole roll, each frame's other notes left as they were.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Note several frames" }).click();
  const bulk = dialog(page);
  await expect(bulk.getByLabel("Frames")).toHaveValue("1-2");
  await bulk.getByRole("button", { name: "Set on these frames" }).click();
  await expect(bulk.getByText("Fill in at least one thing to set")).toBeVisible();
  await bulk.getByLabel("Frames").fill("1-3");
  await bulk.getByLabel("Aperture").fill("11");
  await bulk.getByRole("button", { name: "Set on these frames" }).click();
  await expect(bulk.getByText("List frames of this roll, such as 1-2")).toBeVisible();
  await bulk.getByLabel("Frames").fill("1-2");
  await bulk.getByRole("button", { name: "Set on these frames" }).click();
  await expect(page.getByText("2 frames noted")).toBeVisible();
  await tile(page, 2).click();
  await expect(details).toContainText("f/11");
  await expect(details).toContainText("1/60 s");

  // "Original" downloads the scan itself; a link the server refuses is renewed after 2 s and tried once more (§8).
  let refusals = 0;
  await page.route("**/media/**", async (route) => {
    if (route.request().method() === "HEAD" && refusals++ === 0) return route.fulfill({ status: 403 });
    return route.continue();
  });
  const download = page.waitForEvent("download");
  await dialog(page).getByRole("link", { name: "Original" }).click();
  expect((await download).suggestedFilename()).toBe("keep-2.jpg");
  expect(refusals).toBeGreaterThanOrEqual(2);
});
