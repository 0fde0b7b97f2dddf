import { expect, test } from "@playwright/test";
import { timeStep, totpCode } from "../apps/server/src/features/identity/security/totp.ts";
import { confirmEmail, fillSignIn, mailedLink, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";

test("a photographer who forgot their password gets a link by mail, sets a new one and signs in with it", async ({ page }) => {
  const account = newAccount("forgot");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  await signOut(page);

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.goto(await mailedLink(account.email, "reset"));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const password = "developed in rodinal 1+50";
  await page.getByLabel("New password").fill(password);
  await expect(page.locator("#strength-text")).not.toBeEmpty();
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("heading", { name: "Your password has changed" })).toBeVisible();

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await fillSignIn(page, { ...account, password });
  await expect(page).toHaveURL(/\/u\//);
});

test("a new account is confirmed from the link in its welcome mail", async ({ page }) => {
  const account = newAccount("verify");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  await confirmEmail(page, account);
  // The link works once.
  await page.goto(await mailedLink(account.email, "verify"));
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

test("a photographer turns on two-factor sign-in from the profile and then signs in with a code from the app", async ({ page }) => {
  const account = newAccount("totp");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  await page.goto("/u/profile");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  // The code the app would show now (RFC 6238, computed here as an authenticator app does).
  const step = timeStep(Date.now());
  await page.getByLabel("Code from your app").fill(totpCode(secret, step));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await page.getByLabel("I saved these codes").check();
  await page.getByRole("button", { name: "Done" }).click();
  await signOut(page);

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await fillSignIn(page, account);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // A code is taken once: the next step's, as the app shows it 30 seconds later.
  await page.getByLabel("Code").fill(totpCode(secret, step + 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/u\//);
});
