import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { devices, expect, type Page, test } from "@playwright/test";
import { confirmEmail, fillSignIn, newAccount, signUpFromLanding } from "./support/accounts.ts";
import { apiAs } from "./support/api.ts";
import { phoneBrowser, qrVideo } from "./support/camera.ts";
import { createOrderWithRoll } from "./support/orders.ts";
import { png } from "./support/png.ts";
import { saveSpanishAddress } from "./support/profile.ts";

/** A phone: Chromium on Android, at a common phone's size, with touch. */
const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];
const PHONE = { userAgent, deviceScaleFactor, isMobile, hasTouch, viewport: { width: 390, height: 844 } };

/** The page's side, typed here: the e2e project has no DOM types. */
interface WithWorkers {
  serviceWorker: {
    getRegistration(scope: string): Promise<{ scope: string; active: { state: string } | null } | undefined>;
    controller: { scriptURL: string } | null;
  };
}
/** Whether an image element has loaded a picture (not a broken one). */
const loaded = (img: unknown) => {
  const { complete, naturalWidth } = img as { complete: boolean; naturalWidth: number };
  return complete && naturalWidth > 0;
};

interface Sticker {
  sticker_hash: string;
  short_id: string;
  film_id: string | null;
}

/** Serious and critical WCAG 2.1 AA violations on the page, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Buys a sticker pack through the shop's sandbox checkout and waits for its stickers to be minted. */
async function buyStickers(page: Page) {
  await saveSpanishAddress(page);
  await page.goto("/u/shop/token-packs");
  await page.locator("article[data-item=pack-24]").getByRole("button", { name: "Add to bag" }).click();
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await expect(page).toHaveURL(/\/u\/shop\/shipment\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.getByLabel(/card number/i).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^pay/i }).click();
  await expect(page).toHaveURL(/\/u\/shop\/shipment\//);
  await expect(page.getByRole("button", { name: "Download sheet (A4, Avery L7651)" })).toBeVisible({ timeout: 40_000 });
}

test("on a phone, the companion installs, scans a sticker into its roll, uploads a photo and shows the roll offline", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // On a desktop: an account, two rolls, a pack of stickers; one sticker goes on the first roll.
  await page.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ tokens: true })));
  const account = newAccount("companion");
  await signUpFromLanding(page, account, "user");
  await confirmEmail(page, account);
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");
  const roll = { brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41" };
  const beach = await apiAs<{ id: string }>(page, "/api/film", { method: "POST", body: { ...roll, name: "Beach walk" } });
  const market = await apiAs<{ id: string }>(page, "/api/film", { method: "POST", body: { ...roll, name: "Market day" } });
  await buyStickers(page);
  const [linked, spare] = await apiAs<Sticker[]>(page, "/api/stickers");
  await apiAs(page, "/api/film/link", { method: "PUT", body: { sticker_hash: linked!.sticker_hash, film_id: beach.id } });

  // Without a camera (this desktop browser has none): the app says so, and the sticker's id can be typed instead.
  await page.goto("/m/scan");
  await expect(page.getByRole("alert").filter({ hasText: "No camera available" })).toBeVisible();
  const typed = page.getByLabel("Or type the sticker's id");
  await typed.fill(shortIdFromBytes(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])));
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not a Latent sticker" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The user's own sticker on no roll yet: link it to a roll, which then opens.
  await page.getByRole("button", { name: "Scan another sticker" }).click();
  await typed.fill(spare!.short_id.toLowerCase());
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("heading", { name: "Link this sticker to a roll" })).toBeVisible();
  await page.getByRole("radio", { name: "Market day" }).check();
  await page.getByRole("button", { name: "Link and open the roll" }).click();
  await expect(page).toHaveURL(`/m/rolls/${market.id}`);
  await expect(page.getByRole("heading", { name: "Market day", level: 1 })).toBeVisible();

  const dir = await mkdtemp(join(tmpdir(), "e2e-companion-"));
  const video = join(dir, "sticker.y4m");
  await qrVideo(`${baseURL}/sticker/${linked!.sticker_hash}`, video);
  const phone = await phoneBrowser(video);
  try {
    const context = await phone.newContext({ ...PHONE, baseURL, locale: "en-US" });
    const mobile = await context.newPage();

    // The user area sends a phone to the companion (no store page is configured), through the same sign-in.
    await mobile.goto("/u/home");
    await fillSignIn(mobile, account);
    await expect(mobile).toHaveURL("/m/rolls");
    await expect(mobile.getByRole("heading", { name: "Your rolls", level: 1 })).toBeVisible();
    await expect(mobile.getByRole("link", { name: /Beach walk/ })).toBeVisible();

    // Installable: the manifest names the companion, in the brand's colours, with a maskable icon.
    const manifestHref = await mobile.locator("link[rel=manifest]").getAttribute("href");
    const manifest = await (await mobile.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({
      id: "/m/",
      name: "Latent",
      short_name: "Latent",
      start_url: "/m/",
      display: "standalone",
      theme_color: "#b4461f",
      background_color: "#ffffff",
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: "512x512", purpose: "any" }),
        expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
      ]),
    );
    for (const icon of manifest.icons as { src: string }[]) expect((await mobile.request.get(icon.src)).status()).toBe(200);
    // …and its service worker, registered for the companion alone, controls the page once reloaded.
    // (Not `ready`, which would wait forever here: this page began at /callback, outside the worker's scope.)
    const worker = () =>
      mobile.evaluate(async () => {
        const registration = await (navigator as unknown as WithWorkers).serviceWorker.getRegistration("/m/");
        return registration?.active ? { scope: registration.scope, state: registration.active.state } : null;
      });
    await expect.poll(worker, { timeout: 30_000 }).toEqual({ scope: `${baseURL}/m/`, state: "activated" });
    await mobile.reload();
    await expect(mobile.getByRole("heading", { name: "Your rolls", level: 1 })).toBeVisible();
    expect(await mobile.evaluate(() => (navigator as unknown as WithWorkers).serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
    expect(await seriousViolations(mobile)).toEqual([]);

    // Scanning the sticker with the camera opens its roll at once.
    await mobile.getByRole("navigation", { name: "Companion" }).getByRole("link", { name: "Scan" }).click();
    await expect(mobile).toHaveURL(`/m/rolls/${beach.id}`, { timeout: 20_000 });
    await expect(mobile.getByRole("heading", { name: "Beach walk", level: 1 })).toBeVisible();

    // A photo picked on the phone goes to the roll's first shot, with its progress, and is processed.
    await mobile.locator("input[type=file][accept='image/*'][multiple]").setInputFiles({
      name: "IMG_0001.png",
      mimeType: "image/png",
      buffer: png(1200, 800),
    });
    await expect(mobile.getByText("IMG_0001.png")).toBeVisible();
    const thumbnail = mobile.getByRole("region", { name: "Shots" }).locator("img").first();
    await expect(thumbnail).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => thumbnail.evaluate(loaded), { timeout: 20_000 }).toBe(true);

    // Offline, the roll opened last still shows, thumbnail included, and the app says it is offline.
    await context.setOffline(true);
    await mobile.reload();
    await expect(mobile.getByText("You are offline")).toBeVisible();
    expect(await seriousViolations(mobile)).toEqual([]);
    await expect(mobile.getByRole("heading", { name: "Beach walk", level: 1 })).toBeVisible();
    const offlineThumbnail = mobile.getByRole("region", { name: "Shots" }).locator("img").first();
    await expect.poll(() => offlineThumbnail.evaluate(loaded)).toBe(true);
    await mobile.getByRole("link", { name: "All rolls" }).click();
    await expect(mobile.getByRole("link", { name: /Market day/ })).toBeVisible();
    // A roll never opened on this phone says so, offline, instead of spinning.
    await mobile.getByRole("link", { name: /Market day/ }).click();
    await expect(mobile.getByRole("heading", { name: "This roll is not on this phone yet", level: 1 })).toBeVisible();
    await mobile.getByRole("link", { name: "All rolls" }).click();

    // Back online, the notice goes.
    await context.setOffline(false);
    await expect(mobile.getByText("You are offline")).toHaveCount(0);

    // Signing out empties what was kept for offline use: the next person on this phone finds none of it.
    const keptCaches = () =>
      mobile.evaluate(async () => {
        const names = await (globalThis as unknown as { caches: { keys(): Promise<string[]> } }).caches.keys();
        return names.filter((name) => name.startsWith("latent-m-")).sort();
      });
    expect(await keptCaches()).toEqual(["latent-m-data", "latent-m-images"]);
    await mobile.getByRole("button", { name: "More" }).click();
    await mobile.getByRole("menuitem", { name: "Sign out" }).click();
    await mobile.waitForURL((url) => !url.pathname.startsWith("/m"));
    expect(await keptCaches()).toEqual([]);
    await context.close();
  } finally {
    await phone.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("on a phone, 'Open the full site' in the companion is remembered, and the account menu leads back", async ({
  page: desktop,
  browser,
  baseURL,
}) => {
  const account = newAccount("full-site");
  await signUpFromLanding(desktop, account, "user");
  const context = await browser.newContext({ ...PHONE, baseURL, locale: "en-US" });
  const page = await context.newPage();
  // The user area sends a phone to the companion, through the sign-in.
  await page.goto("/u/home");
  await fillSignIn(page, account);
  await expect(page).toHaveURL(/\/m\/rolls/);
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Open the full site" }).click();
  await expect(page).toHaveURL("/u/home");
  // Remembered on this device: a reload, and the next visit, stay on the full site.
  await page.reload();
  await expect(page).toHaveURL("/u/home");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/u/films");
  await expect(page).toHaveURL("/u/films");
  // And back: the account menu offers the companion again, after which the redirect applies once more.
  await page.getByRole("button", { name: /^Account menu of/ }).click();
  await page.getByRole("menuitem", { name: "Open the phone companion" }).click();
  await expect(page).toHaveURL(/\/m\//);
  await page.goto("/u/home");
  await expect(page).toHaveURL(/\/m\/rolls/);
  await context.close();
});

test("on a phone, a lab's companion shows its orders with their rolls, not a photographer's rolls", async ({
  page: desktop,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lab = newAccount("phone-lab");
  await signUpFromLanding(desktop, lab, "lab");
  await desktop.getByLabel("Lab name").fill("Foto Lab Girona");
  await desktop.getByRole("button", { name: "Save lab" }).click();
  await expect(desktop.getByText("The lab was saved.")).toBeVisible();
  await createOrderWithRoll(desktop, {
    reference: "#7",
    customerName: "Ana García",
    customerEmail: `ana-${Date.now()}@example.com`,
    roll: { name: "Girona at night", brand: "Kodak", film: "Portra 400" },
  });

  const context = await browser.newContext({ ...PHONE, baseURL, locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/u/orders");
  await fillSignIn(page, lab);
  await expect(page).toHaveURL(/\/m\/rolls/);
  await expect(page.getByRole("heading", { name: "Your orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Companion" }).getByRole("link", { name: "Orders" })).toBeVisible();
  const order = page.getByRole("region", { name: "#7 · Ana García" });
  await expect(order.getByText("Created")).toBeVisible();
  await order.getByRole("link", { name: /Girona at night/ }).click();
  await expect(page.getByRole("heading", { name: "Girona at night", level: 1 })).toBeVisible();
  await context.close();
});
