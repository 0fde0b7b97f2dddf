import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

const dialog = (page: Page) => page.getByRole("dialog", { name: "Share this roll" });

test("the public pages and the not-found page have titles of their own", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Latent — your film, developed and kept together");
  await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveTitle("Pricing — Latent");

  const missing = await page.goto("/no/such/page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found — Latent");
});

test.describe("in a browser set to Spanish", () => {
  test.use({ locale: "es-ES" });

  test("titles are in the reader's language", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Precios — Latent");
  });
});

test("a roll's page is titled by its name, and revoking its share link closes the shared page on its next load", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpFromLanding(page, newAccount("pages"), "user");
  await expect(page).toHaveURL("/u/home");
  await expect(page).toHaveTitle("Home — Latent");
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");

  await page.goto("/u/gear/cameras");
  await expect(page).toHaveTitle("Cameras — Latent");

  await page.goto("/u/films");
  await expect(page).toHaveTitle("Rolls — Latent");
  await page.getByRole("button", { name: "Register your first roll" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Name or code").fill("Barcelona walk");
  await form.getByRole("combobox", { name: "Film stock" }).fill("Portra 400");
  await page.getByRole("option", { name: "Kodak Portra 400 · ISO 400 · C-41" }).click();
  await form.getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name: "Barcelona walk", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Barcelona walk — Latent");

  // A link, opened by a visitor without an account.
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await dialog(page).getByRole("button", { name: "Create link" }).click();
  const link = await dialog(page).getByLabel("Public link").inputValue();
  await expect(dialog(page).getByRole("table").getByRole("row")).toHaveCount(2);
  await page.keyboard.press("Escape");

  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole("heading", { name: "Barcelona walk", level: 1 })).toBeVisible();
    await expect(visitor).toHaveTitle("Barcelona walk — Latent");

    // The owner sees the opening, and revokes the link after confirming.
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const row = dialog(page).getByRole("table").getByRole("row").nth(1);
    await expect(row).toContainText("1 time");
    await expect(row).toContainText("Active");
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include("[role=dialog]").analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await row.getByRole("button", { name: /^Revoke the link created on / }).click();
    await expect(page.getByText("Revoke this link? Whoever has it can no longer open this roll.")).toBeVisible();
    await page.getByRole("button", { name: "Revoke link" }).click();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button")).toHaveCount(0);

    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "This roll is no longer shared" })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Barcelona walk" })).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
});
