import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

const dialog = (page: Page) => page.getByRole("dialog");
const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name });

/** A 3000 × 2000 phone-like photo: a noisy JPEG of several megabytes, far over the picture's 512 KB and 1024 px. */
function phonePhoto() {
  return sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: { r: 120, g: 140, b: 90 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function acceptPrivacyPolicy(page: Page) {
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");
}

/** Registers a roll through the "New roll" dialog of the rolls page, typing brand and model by hand. */
async function registerRoll(page: Page, name: string) {
  await page.goto("/u/films");
  await page.getByRole("button", { name: "New roll" }).click();
  await fillRoll(page, name);
  await dialog(page).getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

async function fillRoll(page: Page, name: string) {
  await dialog(page).getByLabel("Name or code").fill(name);
  await dialog(page).getByLabel("Brand").fill("Ilford");
  await dialog(page).getByLabel("Model").fill("HP5 Plus");
}

test("a free-plan photographer with 3 rolls finds New roll disabled, with the reason and the way to upgrade", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("limits-rolls"), "user");
  await expect(page).toHaveURL("/u/home");
  await acceptPrivacyPolicy(page);
  await registerRoll(page, "Roll one");
  await registerRoll(page, "Roll two");

  // Another tab takes the last place while this one fills the form: the refusal shows where the user looks.
  await nav(page, "Rolls").click();
  await page.getByRole("button", { name: "New roll" }).click();
  await fillRoll(page, "Too many");
  const other = await context.newPage();
  await registerRoll(other, "Roll three");
  await other.close();
  await dialog(page).getByRole("button", { name: "Create roll" }).click();
  const refusal = dialog(page).getByRole("alert");
  await expect(refusal).toContainText("Maximum films capacity reached");
  await expect(refusal).toBeInViewport({ ratio: 1 });
  // Below the dialog's sticky title, not hidden under it.
  const title = await dialog(page).getByRole("heading", { name: "New roll" }).boundingBox();
  const alert = await refusal.boundingBox();
  expect(alert?.y).toBeGreaterThanOrEqual((title?.y ?? 0) + (title?.height ?? 0));
  await expect(refusal.getByRole("link", { name: "Upgrade your plan" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Cancel" }).click();

  // From now on the button says so before any form is filled.
  const newRoll = page.getByRole("button", { name: "New roll" });
  await expect(newRoll).toBeDisabled();
  await expect(page.getByText("Your plan's limit of 3 rolls is used up.")).toBeVisible();
  await expect(newRoll).toHaveAccessibleDescription(/Your plan's limit of 3 rolls is used up/);
  const upgrade = page.getByRole("link", { name: "Upgrade your plan" });
  await expect(upgrade).toHaveAttribute("href", "/u/shop/subscriptions");
  await page.reload();
  await expect(page.getByRole("button", { name: "New roll" })).toBeDisabled();
});

test("with one camera on the free plan, Add lens is disabled and says why", async ({ page }) => {
  await signUpFromLanding(page, newAccount("limits-gear"), "user");
  await expect(page).toHaveURL("/u/home");
  await nav(page, "Gear").click();
  await page.getByRole("button", { name: "Add camera" }).click();
  await dialog(page).getByLabel("Brand").fill("Olympus");
  await dialog(page).getByLabel("Model").fill("OM-1");
  await dialog(page).getByRole("button", { name: "Add camera" }).click();
  await expect(page.getByRole("row", { name: /Olympus OM-1/ })).toBeVisible();

  await page.getByRole("tab", { name: "Lenses" }).click();
  await expect(page.getByText("No lenses yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add lens" })).toBeDisabled();
  await expect(page.getByText("Your plan's limit of 1 piece of gear (cameras and lenses together) is used up.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade your plan" })).toHaveAttribute("href", "/u/shop/subscriptions");
});

test("a prime lens is entered with one focal length, listed as 50mm and opened again as a prime", async ({ page }) => {
  await signUpFromLanding(page, newAccount("limits-prime"), "user");
  await expect(page).toHaveURL("/u/home");
  await page.goto("/u/gear/lenses");
  await page.getByRole("button", { name: "Add lens" }).click();
  await expect(dialog(page).getByRole("radio", { name: "Prime" })).toBeChecked();
  await dialog(page).getByLabel("Brand").fill("Canon");
  await dialog(page).getByLabel("Model").fill("FD 50mm f/1.4");
  await expect(dialog(page).getByLabel("Minimum focal length (mm)")).toHaveCount(0);
  await dialog(page).getByLabel("Focal length (mm)").fill("50");
  await dialog(page).getByLabel("Maximum aperture (f)").selectOption({ label: "f/1.4" });
  await dialog(page).getByRole("button", { name: "Add lens" }).click();
  await expect(dialog(page)).toBeHidden();
  const row = page.getByRole("row", { name: /Canon FD 50mm/ });
  await expect(row.getByRole("cell", { name: "50mm", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Edit Canon FD 50mm f/1.4" }).click();
  await expect(dialog(page).getByRole("radio", { name: "Prime" })).toBeChecked();
  await expect(dialog(page).getByLabel("Focal length (mm)")).toHaveValue("50");
});

test("any phone photo becomes the profile picture, made to fit the limits, and can be removed", async ({ page }) => {
  await signUpFromLanding(page, newAccount("limits-picture"), "user");
  await expect(page).toHaveURL("/u/home");
  await nav(page, "Profile").click();
  await expect(
    page.getByText("Any photo will do: larger ones are made smaller automatically, to at most 512 KB and 1024 x 1024 px."),
  ).toBeVisible();

  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(512 * 1024);
  await page.locator("input[type=file]").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByText("IMG_2041.jpg will be saved with the profile. Made smaller to fit 512 KB and 1024 x 1024 px.")).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();

  // The server took it (it refuses anything over 512 KB or 1024 px) and serves it.
  await page.reload();
  const avatar = page.getByRole("img", { name: "Your profile picture" });
  await expect(avatar).toHaveAttribute("src", /\/media\//);
  const size = await avatar.evaluate(async (node) => {
    const img = node as unknown as { decode(): Promise<void>; naturalWidth: number; naturalHeight: number };
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  const [width = 0, height = 0] = size;
  expect(Math.max(width, height)).toBeLessThanOrEqual(1024);
  expect(width / height).toBeCloseTo(1.5, 1);

  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Your picture will be removed when you save the profile.")).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Choose a picture" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove picture" })).toHaveCount(0);
});
