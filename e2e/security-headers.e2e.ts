import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { confirmEmail, fillSignIn, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

/**
 * Every Content-Security-Policy violation a page reports, from the console (where Chromium logs a refused resource)
 * and from the `securitypolicyviolation` event of each document, frames included.
 */
function collectViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) seen.push(`${page.url()}: ${text}`);
  });
  // A string: this project's e2e code is typed without the DOM library.
  void page.addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (e) =>
      console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " (" + e.sourceFile + ":" + e.lineNumber + ")"));`,
  });
  return seen;
}

test("the landing page, sign-in, the dashboard, a roll, the API docs and the sandbox checkout break no security policy", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = collectViolations(page);

  const landing = await page.goto("/");
  expect(landing?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(landing?.headers()["referrer-policy"]).toBe("no-referrer");

  // Sign-up on the provider's own page, then the dashboard (the silent session check runs in a frame at start).
  const account = newAccount("csp");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  await page.reload();
  await expect(page).toHaveURL("/u/home");

  // A roll with a scan: the catalogue, the upload, the thumbnail from /media.
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Policy roll");
  const scan = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 150, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  await dropFiles(page, page.getByText("Drop scans or a folder here"), [{ name: "scan-1.jpg", buffer: scan }]);
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  const thumbnail = page.getByRole("button", { name: /^Open shot 1(\.|$)/ }).locator("img");
  await expect(thumbnail).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);

  // The OpenAPI docs (swagger-ui) render their operations.
  await page.goto("/api/docs");
  await expect(page.locator(".opblock").first()).toBeVisible({ timeout: 20_000 });

  // The sandbox checkout, paid, and back in the app.
  await confirmEmail(page, account);
  await page.goto("/u/shop/subscriptions");
  await page.locator("article[data-plan=artist]").getByRole("button", { name: "Choose Artist" }).click();
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await page.getByLabel(/card number/i).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^pay/i }).click();
  await expect(page).toHaveURL(/\/u\/shop\/subscriptions/);

  // Signing out posts the provider's own sign-out form from its one inline script; signing in again shows its page.
  await page.goto("/u/home");
  await signOut(page);
  await expect(page).toHaveURL("/");
  await page.goto("/u/gear");
  await fillSignIn(page, account);
  await expect(page).toHaveURL("/u/gear/cameras");

  expect(violations).toEqual([]);
});

test("the sign-in page cannot be framed by another page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
  const signIn = page.url();
  // Another page frames it: the browser refuses, and says which directive made it refuse.
  const other = await page.context().newPage();
  const refused = other.waitForEvent("console", { predicate: (m) => /frame-ancestors 'none'/.test(m.text()), timeout: 15_000 });
  await other.setContent(`<iframe src="${signIn}" title="framed"></iframe>`);
  expect((await refused).text()).toContain("has been blocked");
  await expect(other.frameLocator("iframe").getByRole("heading", { name: "Sign in to Latent" })).toHaveCount(0);
  await other.close();
});
