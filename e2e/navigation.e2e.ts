import { devices, expect, test } from "@playwright/test";
import { fillSignIn, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";

test("an unknown address shows the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { name: "Your film, developed and kept together." })).toBeVisible();
});

test("an error carried to another page is shown on the landing page", async ({ page }) => {
  await page.goto("/pricing?error=provider_error&errorDescription=The%20provider%20is%20down");
  await expect(page).toHaveURL("/?error=provider_error&errorDescription=The+provider+is+down");
  await expect(page.getByRole("alert")).toContainText("The provider is down");
});

test("the unauthorized page needs no session and offers to sign in again", async ({ page }) => {
  await page.goto("/u/unauthorized");
  await expect(page.getByRole("heading", { name: "You cannot open this page" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in again" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
});

test("/plugins leads to the landing page", async ({ page }) => {
  await page.goto("/plugins");
  await expect(page).toHaveURL("/");
});

test.describe("in a browser set to French", () => {
  test.use({ locale: "fr-FR" });

  test("the landing page speaks French until another language is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Vos films, développés et rangés ensemble." })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await page.getByRole("button", { name: "Langue : Français" }).click();
    await page.getByRole("menuitem", { name: "Català" }).click();
    await expect(page.getByRole("heading", { name: "La teva pel·lícula, revelada i ben guardada." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("banner").getByRole("button", { name: "Inicia la sessió" })).toBeVisible();
  });
});

test.describe("on an iPhone", () => {
  const { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = devices["iPhone 13"];
  test.use({ userAgent, viewport, deviceScaleFactor, isMobile, hasTouch });

  test("the user area sends to the App Store instead, once the operator has configured its page", async ({ page }) => {
    // The test server names no store page (the default): set one in the settings the web app starts with.
    const store = "https://apps.apple.com/app/latent/id123";
    await page.route("**/api/config", async (route) => {
      const config = await (await route.fetch()).json();
      await route.fulfill({ json: { ...config, app_store_urls: { ios: store, android: null } } });
    });
    // The store is outside the test network: answer in its place, to see that the browser went there.
    await page.route(`${store}**`, (route) => route.fulfill({ contentType: "text/html", body: "<h1>App Store</h1>" }));
    await page.goto("/u/home");
    await expect(page).toHaveURL(store);
    await expect(page.getByRole("heading", { name: "App Store" })).toBeVisible();
  });
});

test("with no flag set a photographer finds the labs screen", async ({ page }) => {
  await signUpFromLanding(page, newAccount("flags"), "user");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Labs" }).click();
  await expect(page).toHaveURL("/u/labs");
  await expect(page.getByRole("heading", { name: "Labs", level: 1 })).toBeVisible();
});

test("a browser that turns the labs flag off has no labs screen", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ labs: false })));
  await signUpFromLanding(page, newAccount("noflags"), "user");
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Labs" })).toHaveCount(0);
  await page.goto("/u/labs");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a navigation that fails goes to the error path and says so", async ({ page }) => {
  await signUpFromLanding(page, newAccount("failure"), "user");
  await expect(page).toHaveURL("/u/home");
  // Cut the network for the gear screen's code, as a lost connection or a stale deployment would.
  await page.route(/\/assets\/gear-layout-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Gear" }).click();
  await expect(page).toHaveURL("/?error=navigation-failed");
  await expect(page.getByRole("alert")).toContainText("That page could not be opened.");
});

test("reached from a page of the app, signing in again happens in a popup and goes back to that page", async ({ page }) => {
  const account = newAccount("popup");
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  // The session ends (here: signed out, the provider's session too), and the app sends the tab here from its page.
  await signOut(page);
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      history: { pushState(state: unknown, title: string, url: string): void };
      dispatchEvent(event: unknown): void;
      PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
    };
    const state = { usr: null, key: "ended", idx: 1 };
    w.history.pushState(state, "", "/u/unauthorized");
    w.dispatchEvent(new w.PopStateEvent("popstate", { state }));
  });
  await expect(page.getByRole("heading", { name: "You cannot open this page" })).toBeVisible();

  // Closing the popup cancels, and says so; the page stays.
  const closed = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in again" }).click();
  const first = await closed;
  await expect(first.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
  await first.close();
  await expect(page.getByRole("alert")).toContainText("Popup closed");
  await expect(page).toHaveURL("/u/unauthorized");

  // Signing in inside the popup brings the user back to the page they were on, in the same tab, signed in.
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign in again" }).click();
  await fillSignIn(await opened, account);
  await expect(page).toHaveURL("/");
  await page.goto("/u/home");
  await expect(page).toHaveURL("/u/home");
});
