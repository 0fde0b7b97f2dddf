import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

/** Serious and critical WCAG A/AA problems on what the page shows now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`);
}

test("the landing page and the main screens of the user area pass an accessibility check", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await signUpFromLanding(page, newAccount("a11y"), "user");
  await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/u/gear/cameras");
  await page.getByRole("button", { name: "Add camera" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/u/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/u/survey");
  await expect(page.getByRole("heading", { name: "About your photography", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the first Tab offers to skip to the content", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/#main");
});
