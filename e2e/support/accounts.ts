import { expect, type Page } from "@playwright/test";
import { mailTo } from "./mail.ts";

export interface Account {
  email: string;
  password: string;
}

let counter = 0;

/** A new address per call: every journey starts with its own account on the run's fresh server. */
export function newAccount(kind: string): Account {
  counter += 1;
  return { email: `${kind}-${Date.now()}-${counter}@example.com`, password: "correct horse battery" };
}

/** Fills the identity provider's sign-up form (its own page, outside the web app) and submits it. */
export async function fillSignUp(page: Page, account: Account, role: "user" | "lab") {
  await expect(page.getByRole("heading", { name: "Create your Latent account" })).toBeVisible();
  // Arriving from an order's mail, the address is already there, read-only.
  const email = page.locator("#email");
  if (await email.isEditable()) await email.fill(account.email);
  else await expect(email).toHaveValue(account.email);
  await page.locator("#password").fill(account.password);
  await page.locator(`input[name=role][value=${role}]`).check();
  await page.locator("button[type=submit]").click();
}

/** Fills the identity provider's sign-in form and submits it. */
export async function fillSignIn(page: Page, account: Account) {
  await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
  await page.locator("#email").fill(account.email);
  await page.locator("#password").fill(account.password);
  await page.locator("button[type=submit]").click();
}

/**
 * From the landing page: "Create account" in the header, then the provider's sign-up form. A photographer lands on
 * the welcome shop (spec §2) and goes on with Free to the dashboard; a lab goes straight to its area.
 */
export async function signUpFromLanding(page: Page, account: Account, role: "user" | "lab") {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Create account" }).click();
  await fillSignUp(page, account, role);
  if (role === "user") {
    await expect(page).toHaveURL("/u/welcome");
    await page.getByRole("link", { name: "Continue with Free" }).click();
  }
}

/**
 * Through the account menu in the user area's header; the labels are those of the language in use. Waits for the
 * provider to send the browser back to the landing page: a navigation before that would cut the sign-out short and
 * leave the provider's session alive.
 */
export async function signOut(page: Page, labels = { menu: /^Account menu of/, signOut: "Sign out" }) {
  await page.getByRole("button", { name: labels.menu }).click();
  await page.getByRole("menuitem", { name: labels.signOut }).click();
  await expect(page).toHaveURL("/");
}

/** The link of the newest mail to `email` that holds one to `/auth/<path>/…`, waiting for that mail to arrive. */
export async function mailedLink(email: string, path: "verify" | "reset" | "email"): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/auth/${path}/[\\w-]+(\\?lang=[\\w-]+)?`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = pattern.exec((await mailTo(email)).text)?.[0];
        return link !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${email} with an /auth/${path}/ link` },
    )
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * Opens the confirmation link of the sign-up mail in another tab of the same browser, as a person would from their
 * inbox: buying and claiming a lab's order need a confirmed email.
 */
export async function confirmEmail(page: Page, account: Account) {
  const link = await mailedLink(account.email, "verify");
  const tab = await page.context().newPage();
  await tab.goto(link);
  await expect(tab.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await tab.close();
}
