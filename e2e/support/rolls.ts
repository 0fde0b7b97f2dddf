import { expect, type Page } from "@playwright/test";

/** Accepts the privacy policy a new photographer is asked for, back on the dashboard. */
export async function acceptPrivacy(page: Page) {
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");
}

/** Registers a photographer's first roll (Kodak Portra 400) from the empty rolls page and waits for its page. */
export async function registerFirstRoll(page: Page, name: string) {
  await page.goto("/u/films");
  await page.getByRole("button", { name: "Register your first roll" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name or code").fill(name);
  await dialog.getByRole("combobox", { name: "Film stock" }).fill("Portra 400");
  await page.getByRole("option", { name: "Kodak Portra 400 · ISO 400 · C-41" }).click();
  await dialog.getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}
