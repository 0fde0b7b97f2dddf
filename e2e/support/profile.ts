import { expect, type Page } from "@playwright/test";

/** Saves a Spanish address on the profile (billing, and shipping the same): where a shop's parcel goes. */
export async function saveSpanishAddress(page: Page) {
  await page.goto("/u/profile");
  await page.getByLabel("Address", { exact: true }).fill("Carrer Major 1");
  await page.getByLabel("Postal code").fill("17001");
  await page.getByLabel("City").fill("Girona");
  await page.getByRole("combobox", { name: "Country" }).fill("Spain");
  await page.getByRole("option", { name: "Spain" }).click();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
}
