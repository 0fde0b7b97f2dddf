import { expect, type Page, test } from "@playwright/test";
import { fillSignIn, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";

const dialog = (page: Page) => page.getByRole("dialog");

test("a photographer signs up, keeps gear within the free plan, switches to Spanish and signs out", async ({ page, browser }, testInfo) => {
  const account = newAccount("photographer");
  await signUpFromLanding(page, account, "user");

  await expect(page).toHaveURL("/u/home");
  await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
  await expect(page.getByText("Free", { exact: true })).toBeVisible();
  // Rolls and gear against the free plan's limits.
  await expect(page.getByText("0 of 3", { exact: true })).toBeVisible();
  await expect(page.getByText("0 of 1", { exact: true })).toBeVisible();

  // Gear opens on the cameras tab, empty.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Gear" }).click();
  await expect(page).toHaveURL("/u/gear/cameras");
  await expect(page.getByText("No cameras yet")).toBeVisible();

  // A camera needs a brand and a model.
  await page.getByRole("button", { name: "Add camera" }).click();
  await dialog(page).getByRole("button", { name: "Add camera" }).click();
  await expect(dialog(page).getByText("Required")).toHaveCount(2);
  await dialog(page).getByLabel("Brand").fill("Nikon");
  await dialog(page).getByLabel("Model").fill("FM2");
  await dialog(page).getByRole("button", { name: "Add camera" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("row", { name: /Nikon FM2/ })).toContainText("24x36");

  // Edit it: another format brings that format's frame sizes.
  await page.getByRole("button", { name: "Edit Nikon FM2" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Edit Nikon FM2" })).toBeVisible();
  await dialog(page).getByLabel("Model").fill("F3");
  await dialog(page).getByLabel("Format").selectOption({ label: "Medium format (120)" });
  await dialog(page).getByLabel("Frame size").selectOption({ label: "6x6 (12 exposures)" });
  await dialog(page).getByRole("button", { name: "Save changes" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("row", { name: /Nikon F3/ })).toContainText("6x6");

  // Delete it, after confirming.
  await page.getByRole("button", { name: "Delete Nikon F3" }).click();
  await expect(dialog(page).getByText("Delete Nikon F3?")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No cameras yet")).toBeVisible();

  // A lens, with its focal length and aperture: a zoom's range must not be reversed.
  await page.getByRole("tab", { name: "Lenses" }).click();
  await expect(page).toHaveURL("/u/gear/lenses");
  await page.getByRole("button", { name: "Add lens" }).click();
  await dialog(page).getByLabel("Brand").fill("Zeiss");
  await dialog(page).getByLabel("Model").fill("Planar");
  await dialog(page).getByRole("radio", { name: "Zoom" }).check();
  await dialog(page).getByLabel("Minimum focal length (mm)").fill("80");
  await dialog(page).getByLabel("Maximum focal length (mm)").fill("50");
  await dialog(page).getByLabel("Maximum aperture (f)").selectOption({ label: "f/2.8" });
  await dialog(page).getByRole("button", { name: "Add lens" }).click();
  await expect(dialog(page).getByText("The maximum focal length must not be shorter than the minimum")).toBeVisible();
  await dialog(page).getByLabel("Minimum focal length (mm)").fill("50");
  await dialog(page).getByRole("button", { name: "Add lens" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("row", { name: /Zeiss Planar/ })).toContainText("50mm");

  // The free plan keeps one piece of gear: a camera more cannot be started, and the page says why and how to upgrade.
  await page.getByRole("tab", { name: "Cameras" }).click();
  await expect(page.getByText("No cameras yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add camera" })).toBeDisabled();
  await expect(page.getByText("Your plan's limit of 1 piece of gear (cameras and lenses together) is used up.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade your plan" })).toHaveAttribute("href", "/u/shop/subscriptions");

  // Delete the lens, after confirming.
  await page.getByRole("tab", { name: "Lenses" }).click();
  await page.getByRole("button", { name: "Delete Zeiss Planar" }).click();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No lenses yet")).toBeVisible();

  // Spanish, at once and after a reload.
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  await expect(page.getByRole("heading", { name: "Equipo", level: 1 })).toBeVisible();
  await expect(page.getByText("Todavía no hay objetivos")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await page.reload();
  await expect(page.getByRole("tab", { name: "Cámaras" })).toBeVisible();

  await signOut(page, { menu: /^Menú de la cuenta de/, signOut: "Cerrar sesión" });
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("button", { name: "Iniciar sesión" })).toBeVisible();

  // The choice was saved to the profile: another browser, with no choice of its own, opens in Spanish too.
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
  const other = await elsewhere.newPage();
  await other.goto("/u/home");
  await fillSignIn(other, account);
  await expect(other.getByRole("heading", { name: "Te damos la bienvenida", level: 1 })).toBeVisible();
  await elsewhere.close();
});
