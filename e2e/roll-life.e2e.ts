import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devices, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { confirmEmail, fillSignIn, newAccount, signUpFromLanding } from "./support/accounts.ts";
import { apiAs } from "./support/api.ts";
import { phoneBrowser, qrVideo } from "./support/camera.ts";
import { dropFiles } from "./support/drop-files.ts";
import { mailTo } from "./support/mail.ts";
import { saveSpanishAddress } from "./support/profile.ts";

/** A phone: Chromium on Android, at a common phone's size, with touch. */
const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
const PHONE = { userAgent, deviceScaleFactor, isMobile, hasTouch, viewport: { width: 390, height: 844 } };

/** Buys a sticker pack through the shop's sandbox checkout and waits for its stickers to be minted. */
async function buyStickers(page: Page) {
  await saveSpanishAddress(page);
  await page.goto("/u/shop/token-packs");
  await page.locator("article[data-item=pack-24]").getByRole("button", { name: "Add to bag" }).click();
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await expect(page).toHaveURL(/\/u\/shop\/shipment\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.getByLabel(/card number/i).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^pay/i }).click();
  await expect(page).toHaveURL(/\/u\/shop\/shipment\//);
  await expect(page.getByRole("button", { name: "Download sheet (A4, Avery L7651)" })).toBeVisible({ timeout: 40_000 });
}

const journey = (page: Page) => page.getByRole("region", { name: "The roll's journey" });

test("a roll sent to a lab is received and developed from the lab's phone, scanned into the lab's order, and the photographer's page follows live", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // The lab, with its name in the directory.
  const lab = newAccount("life-lab");
  const labContext = await browser.newContext();
  const labPage = await labContext.newPage();
  await signUpFromLanding(labPage, lab, "lab");
  await expect(labPage).toHaveURL("/u/lab/general");
  const labName = `Revelados ${Date.now()}`;
  await labPage.getByLabel("Lab name").fill(labName);
  await labPage.getByRole("button", { name: "Save lab" }).click();
  await expect(labPage.getByText("The lab was saved.")).toBeVisible();

  // The photographer: a roll with a sticker on its canister.
  await page.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ tokens: true })));
  const photographer = newAccount("life-photographer");
  await signUpFromLanding(page, photographer, "user");
  await confirmEmail(page, photographer);
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");
  const roll = await apiAs<{ id: string }>(page, "/api/film", {
    method: "POST",
    body: { brand: "Kodak", model: "Tri-X 400", iso: 400, format: "135", process: "B/N", name: "Night walk" },
  });
  await buyStickers(page);
  const [sticker] = await apiAs<{ sticker_hash: string; short_id: string }[]>(page, "/api/stickers");
  await apiAs(page, "/api/film/link", { method: "PUT", body: { sticker_hash: sticker!.sticker_hash, film_id: roll.id } });

  // On the roll's page: shot, then sent to the lab picked from the directory, with the parcel's tracking.
  await page.goto(`/u/films/${roll.id}`);
  await expect(page.getByRole("heading", { name: "Night walk", level: 1 })).toBeVisible();
  await journey(page).getByRole("button", { name: "Mark shot" }).click();
  await expect(journey(page).getByText("Shot", { exact: true }).first()).toBeVisible();
  await journey(page).getByRole("button", { name: "Mark sent to a lab" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark sent to a lab" });
  await dialog.getByRole("combobox", { name: "Lab" }).fill(labName.slice(0, 12));
  await page.getByRole("option", { name: labName }).click();
  await dialog.getByLabel("Tracking number").fill("PK 1234-ES");
  await dialog.getByRole("button", { name: "Mark sent to a lab" }).click();
  await expect(dialog).toBeHidden();
  await expect(journey(page).getByText("Sent to the lab")).toBeVisible();
  await expect(journey(page).getByText(`Lab: ${labName}`)).toBeVisible();
  await expect(journey(page).getByText("Tracking: PK 1234-ES")).toBeVisible();
  // Nothing is left for the photographer to do until the lab has it.
  await expect(journey(page).getByRole("button", { name: /^Mark/ })).toHaveCount(0);

  // The lab, on a phone whose camera films the sticker: receives the roll (making its order), then develops it.
  const dir = await mkdtemp(join(tmpdir(), "e2e-roll-life-"));
  const video = join(dir, "sticker.y4m");
  await qrVideo(`${baseURL}/sticker/${sticker!.sticker_hash}`, video);
  const phone = await phoneBrowser(video);
  try {
    const mobile = await (await phone.newContext({ ...PHONE, baseURL, locale: "en-US" })).newPage();
    await mobile.goto("/m/scan");
    await fillSignIn(mobile, lab);
    await expect(mobile).toHaveURL("/m/scan");
    const card = mobile.getByRole("region", { name: "Night walk" });
    await expect(card.getByText("Kodak Tri-X 400 · 135")).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText("Sent to a lab")).toBeVisible();
    await card.getByRole("button", { name: "Receive this roll" }).click();
    await expect(card.getByText("Now: At the lab")).toBeVisible();
    // The photographer's page, never reloaded, shows the step within seconds.
    await expect(journey(page).getByText("Received by the lab")).toBeVisible();

    await card.getByRole("button", { name: "Mark developed" }).click();
    await expect(card.getByText("Now: Developed")).toBeVisible();
    await expect(card.getByRole("button", { name: "Mark scanned" })).toBeVisible();
    await expect(journey(page).getByText("Developed", { exact: true }).first()).toBeVisible();
  } finally {
    await phone.close();
    await rm(dir, { recursive: true, force: true });
  }

  // The order the lab's phone made holds a roll of the lab's for the photographer's, showing the same journey; the lab
  // uploads the scan into it the usual way, and the photographer's page, still never reloaded, shows the roll scanned.
  await labPage.goto("/u/orders");
  await labPage.getByRole("button", { name: sticker!.short_id }).click();
  const order = labPage.getByRole("dialog");
  await expect(order.getByText("Night walk", { exact: true })).toBeVisible();
  await expect(order.getByText("Developed", { exact: true }).first()).toBeVisible();
  await expect(order.getByRole("cell", { name: "0 scans" })).toBeVisible();
  await order.getByRole("link", { name: "Upload scans" }).click();
  await expect(labPage.getByRole("heading", { name: "Night walk", level: 1 })).toBeVisible();
  const scan = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 40, g: 40, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await dropFiles(labPage, labPage.getByText("Drop scans or a folder here"), [{ name: "night-01.jpg", buffer: scan }]);
  await labPage.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(labPage.getByRole("heading", { name: "1 scan ready" })).toBeVisible({ timeout: 30_000 });
  await expect(journey(page).getByText("Scanned", { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await mailTo(photographer.email)).subject, { timeout: 20_000 }).toBe("Your roll Night walk is scanned");
  await labContext.close();

  // The archive finds the roll by a word and its status, from an address that can be bookmarked; a search that
  // matches nothing says so and clears its filters.
  await page.goto("/u/films?q=night&status=scanned");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("night");
  await expect(page.getByRole("link", { name: /Night walk/ })).toBeVisible();
  await page.goto("/u/films?q=harbour");
  await expect(page.getByText("No roll matches “harbour” with these filters. Try other words or clear the filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL("/u/films");
  await expect(page.getByRole("link", { name: /Night walk/ })).toBeVisible();
});
