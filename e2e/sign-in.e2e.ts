import { expect, test } from "@playwright/test";
import { fillSignIn, fillSignUp, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";

test("a lab that signs up lands in the lab area, not on the photographer's dashboard", async ({ page }) => {
  await signUpFromLanding(page, newAccount("lab"), "lab");
  await expect(page).toHaveURL("/u/lab/general");
  await expect(page.getByRole("heading", { name: "Lab", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lab profile" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Gear" })).toHaveCount(0);

  // The dashboard is the photographers': a lab asking for it is sent back to its area.
  await page.goto("/u/home");
  await expect(page).toHaveURL("/u/lab/general");
});

test("a photographer asking for the lab area is sent to the dashboard", async ({ page }) => {
  await signUpFromLanding(page, newAccount("photographer"), "user");
  await expect(page).toHaveURL("/u/home");
  await page.goto("/u/lab");
  await expect(page).toHaveURL("/u/home");
});

test("an anonymous visit to the gear signs in first and comes back to the cameras", async ({ page }) => {
  const account = newAccount("returning");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  await signOut(page);
  await expect(page).toHaveURL("/");

  await page.goto("/u/gear");
  await fillSignIn(page, account);
  await expect(page).toHaveURL("/u/gear/cameras");
  await expect(page.getByRole("heading", { name: "Gear", level: 1 })).toBeVisible();
  await expect(page.getByText("No cameras yet")).toBeVisible();
});

test("a sign-up opened from a protected page also comes back to it", async ({ page }) => {
  await page.goto("/u/profile");
  await page.getByRole("link", { name: "New to Latent? Create an account" }).click();
  await fillSignUp(page, newAccount("direct"), "user");
  await expect(page).toHaveURL("/u/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
});

test("a cancelled sign-in comes back to the landing page and says so", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/\?error=access_denied/);
  await expect(page.getByRole("alert")).toContainText("The sign-in was cancelled.");
});
