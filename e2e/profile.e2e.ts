import { expect, test } from "@playwright/test";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { png } from "./support/png.ts";

test("a photographer fills in the profile, with a picture and an address, and finds it saved", async ({ page }) => {
  await signUpFromLanding(page, newAccount("profile"), "user");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL("/u/profile");

  // A web page needs a domain; a bare one is read as its https:// address.
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Web page").fill("ada");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Enter a web address, such as example.com or https://example.com")).toBeVisible();
  await page.getByLabel("Web page").fill("ada.example.com");
  await page.getByLabel("Web page").blur();
  await expect(page.getByLabel("Web page")).toHaveValue("https://ada.example.com");

  // A picture wider than 1024 px is made smaller before it is sent; a small one goes as it is. Both are previewed.
  const picture = page.locator("input[type=file]");
  await picture.setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: png(1100, 20) });
  await expect(page.getByText("wide.png will be saved with the profile. Made smaller to fit 512 KB and 1024 x 1024 px.")).toBeVisible();
  await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png(64, 64) });
  await expect(page.getByText("me.png will be saved with the profile.", { exact: true })).toBeVisible();

  // A started address must be complete.
  await page.getByLabel("Address", { exact: true }).fill("Carrer Major 1");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Required")).toHaveCount(3);
  await page.getByLabel("Postal code").fill("17001");
  await page.getByLabel("City").fill("Girona");
  await page.getByRole("combobox", { name: "Country" }).fill("Spain");
  await page.getByRole("option", { name: "Spain" }).click();
  // Spain has a list of provinces to choose from.
  await page.getByRole("combobox", { name: "State or province" }).fill("Giro");
  await page.getByRole("option", { name: "Girona" }).click();
  await page.getByLabel("Tax id type").selectOption({ label: "CIF" });
  await page.getByLabel("Tax id", { exact: true }).fill("B12345678");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByLabel("Web page")).toHaveValue("https://ada.example.com");
  await expect(page.getByLabel("City")).toHaveValue("Girona");
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("Spain");
  await expect(page.getByRole("combobox", { name: "State or province" })).toHaveValue("Girona");
  await expect(page.getByLabel("Tax id type")).toHaveValue("CIF");
  await expect(page.getByLabel("Tax id", { exact: true })).toHaveValue("B12345678");
  await expect(page.getByRole("img", { name: "Your profile picture" })).toHaveAttribute("src", /\/media\//);

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Ada", level: 1 })).toBeVisible();
});

test("a new photographer accepts the privacy policy and answers the survey from the dashboard", async ({ page }) => {
  await signUpFromLanding(page, newAccount("survey"), "user");
  await expect(page).toHaveURL("/u/home");

  await page.getByRole("link", { name: "Read and accept" }).click();
  await expect(page).toHaveURL("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");
  await expect(page.getByText("You need to accept the privacy policy before you can register rolls.")).toBeHidden();

  await page.getByRole("link", { name: "Answer the survey" }).click();
  await expect(page).toHaveURL("/u/survey");
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await page.getByLabel("I shoot film for pleasure").check();
  await next.click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.getByLabel("35 mm (135)").check();
  await page.getByLabel("Medium format (120)").check();
  await page.getByLabel("2 to 5").check();
  await next.click();
  await page.getByLabel("My lab scans them").check();
  await page.getByRole("button", { name: "Send answers" }).click();

  await expect(page).toHaveURL("/u/home");
  await expect(page.getByRole("link", { name: "Answer the survey" })).toBeHidden();
  await page.goto("/u/survey");
  await expect(page.getByText("Thank you for answering the survey.")).toBeVisible();
});
