import { devices, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { fillSignUp, newAccount } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { createOrderWithRoll } from "./support/orders.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

/**
 * The full web app on a 390 px phone, for a phone user who chose "Open the full site" in the companion (remembered
 * on the device): every step of a photographer's first hour, and a lab's orders, without leaving the screen's width.
 */
const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
test.use({ userAgent, deviceScaleFactor, isMobile, hasTouch, viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("latent.full-site", "1"));
});

const dialog = (page: Page) => page.getByRole("dialog");

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
      .documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** On a phone the landing's header folds its buttons away: sign-up starts from the first screen's "Start for free". */
async function startSignUp(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Start for free" }).first().click();
}

test("at 390 px a photographer signs up, accepts the policy, registers a roll, uploads scans and shares it", async ({ page }) => {
  test.setTimeout(150_000);
  const account = newAccount("phone-full");
  await startSignUp(page);
  await fillSignUp(page, account, "user");
  await expect(page).toHaveURL("/u/welcome");
  await page.getByRole("link", { name: "Continue with Free" }).click();
  await expect(page).toHaveURL("/u/home");
  await expectNoSidewaysScroll(page);

  await acceptPrivacy(page);
  await registerFirstRoll(page, "Phone roll");
  await expectNoSidewaysScroll(page);

  const scan = (r: number) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 80, b: 60 } } })
      .jpeg()
      .toBuffer();
  await dropFiles(page, page.getByText(/Drop scans or a folder here|Choose scans/).first(), [
    { name: "phone-1.jpg", buffer: await scan(120) },
    { name: "phone-2.jpg", buffer: await scan(200) },
  ]);
  await page.getByRole("button", { name: "Upload 2 files" }).click();
  await expect(page.getByRole("button", { name: /^Open shot 2(\.|$)/ }).locator("img")).toBeVisible({ timeout: 60_000 });
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Share", exact: true }).click();
  await dialog(page).getByRole("button", { name: "Create link" }).click();
  await expect(dialog(page).getByLabel("Public link")).toHaveValue(/\/film\?code=/);
  await expectNoSidewaysScroll(page);
});

test("at 390 px a lab signs up and makes an order with a roll for a customer", async ({ page }) => {
  test.setTimeout(120_000);
  await startSignUp(page);
  await fillSignUp(page, newAccount("phone-lab"), "lab");
  await expect(page).toHaveURL("/u/lab/general");
  await page.getByLabel("Lab name").fill("Foto Lab Móvil");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("The lab was saved.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await createOrderWithRoll(page, {
    reference: "#390",
    customerName: "Ana García",
    customerEmail: `ana-${Date.now()}@example.com`,
    roll: { name: "Summer on a phone", brand: "Kodak", film: "Portra 400" },
  });
  await expectNoSidewaysScroll(page);
});
