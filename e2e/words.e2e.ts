import AxeBuilder from "@axe-core/playwright";
import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { confirmEmail, fillSignUp, newAccount, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { saveSpanishAddress } from "./support/profile.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

/** How the brand is drawn (runs in the page): colour, font, letter spacing and capitals. */
function brandLook(element: unknown) {
  const page = globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> };
  const style = page.getComputedStyle(element);
  return { color: style.color, font: style.fontFamily, letters: style.letterSpacing, transform: style.textTransform };
}

test.describe("the open beta on the about page", () => {
  test("says registration is closed once its last day has passed, with the day, and offers no form", async ({ page }) => {
    // The test server keeps the default last day, 1 March 2025.
    await page.goto("/about");
    const beta = page.getByRole("region", { name: "Open beta" });
    await expect(beta.getByRole("status")).toContainText("Registration is closed");
    await expect(beta.getByRole("status")).toContainText("Registration for the open beta ended on March 1, 2025.");
    await expect(beta.getByRole("button", { name: "Join the open beta" })).toHaveCount(0);
    await expect(beta.getByRole("textbox")).toHaveCount(0);
  });

  test("says registration is closed before its last day too, once its places are taken", async ({ page }) => {
    // The server's answer while the beta is full but its last day is still ahead.
    await page.route("**/beta", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            json: { open: false, full: true, last_day: "2099-03-01", closes_at: "2099-03-02T00:00:00.000Z", capacity: 50 },
          })
        : route.fallback(),
    );
    await page.goto("/about");
    const beta = page.getByRole("region", { name: "Open beta" });
    await expect(beta.getByRole("status")).toContainText(
      "All 50 places in the open beta are taken, so registration closed before its last day, March 1, 2099.",
    );
    await expect(beta.getByRole("button", { name: "Join the open beta" })).toHaveCount(0);
  });

  test("offers the form while it is open, with its places and last day", async ({ page }) => {
    await page.route("**/beta", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            json: { open: true, full: false, last_day: "2099-03-01", closes_at: "2099-03-02T00:00:00.000Z", capacity: 50 },
          })
        : route.fallback(),
    );
    await page.goto("/about");
    const beta = page.getByRole("region", { name: "Open beta" });
    await expect(beta).toContainText("The open beta is for the first 50 photographers who sign up by March 1, 2099.");
    await expect(beta.getByRole("button", { name: "Join the open beta" })).toBeVisible();
  });

  test.describe("in Spanish", () => {
    test.use({ locale: "es-ES" });

    test("says it is closed in Spanish, with the date written the Spanish way", async ({ page }) => {
      await page.goto("/about");
      const beta = page.getByRole("region", { name: "Beta abierta" });
      await expect(beta.getByRole("status")).toContainText("Inscripción cerrada");
      await expect(beta.getByRole("status")).toContainText("La inscripción en la beta abierta terminó el 1 de marzo de 2025.");
      await expect(beta.getByRole("button")).toHaveCount(0);
    });
  });
});

test("the sign-up page wears Latent's header and links the terms and the privacy policy", async ({ page, context }) => {
  await page.goto("/");
  const landingBrand = page.getByRole("banner").getByRole("link", { name: "Latent", exact: true });
  const landingLook = await landingBrand.evaluate(brandLook);
  await page.getByRole("banner").getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Create your Latent account" })).toBeVisible();

  // The same brand as the web app's header, leading home, and the language menu beside it.
  const header = page.getByRole("banner");
  const brand = header.getByRole("link", { name: "Latent", exact: true });
  await expect(brand).toHaveAttribute("href", "/");
  const look = await brand.evaluate(brandLook);
  expect(look).toEqual(landingLook);
  await expect(header.getByRole("navigation", { name: "Language" })).toContainText("English");

  // Creating an account accepts the terms and the privacy policy: both are a click away, in a new tab.
  const consent = page.getByText("By creating an account you accept the");
  const terms = consent.getByRole("link", { name: "terms and conditions" });
  const privacy = consent.getByRole("link", { name: "privacy policy" });
  await expect(terms).toHaveAttribute("href", "/terms-and-conditions");
  await expect(privacy).toHaveAttribute("href", "/privacy");
  const [termsPage] = await Promise.all([context.waitForEvent("page"), terms.click()]);
  await expect(termsPage.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  await termsPage.close();
  const [privacyPage] = await Promise.all([context.waitForEvent("page"), privacy.click()]);
  await expect(privacyPage.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await privacyPage.close();

  // Labels, names, contrast: no serious WCAG A/AA problem, with a field in error too.
  await page.locator("#email").fill("not an address");
  await page.locator("button[type=submit]").click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // On a 360 px phone the page fits: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  const width = await page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
  expect(width).toBeLessThanOrEqual(360);
});

test.describe("on an iPhone", () => {
  const { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = devices["iPhone 13"];
  test.use({ userAgent, viewport, deviceScaleFactor, isMobile, hasTouch });

  test("the user area opens the phone companion while no app-store page is configured", async ({ page }) => {
    await page.goto("/u/home");
    // Not sent to a store: the sign-in of the web app, then the companion made for phones.
    await expect(page.getByRole("heading", { name: "Sign in to Latent" })).toBeVisible();
    await page.getByRole("link", { name: "New to Latent? Create an account" }).click();
    await fillSignUp(page, newAccount("phone"), "user");
    await expect(page).toHaveURL("/m/rolls");
    await expect(page.getByRole("heading", { level: 1, name: "Your rolls" })).toBeVisible();
  });
});

test("a scan's size reads the way the reader's language writes it", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("sizes"), "user");
  await expect(page).toHaveURL("/u/home");
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Sizes");
  const rollPath = new URL(page.url()).pathname;

  // An uncompressed PNG of 700 × 600 px: 1,260,000 bytes of pixels and a little more, 1.2 MB in binary units.
  const scan = await sharp({ create: { width: 700, height: 600, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(scan.length / 1024 ** 2).toBeCloseTo(1.2, 1);
  await dropFiles(page, page.getByText("Drop scans or a folder here"), [{ name: "big.png", type: "image/png", buffer: scan }]);
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(page.getByRole("button", { name: /^Open shot 1(\.|$)/ }).locator("img")).toBeVisible({ timeout: 30_000 });

  await page.goto(`${rollPath}?shot=1`);
  const details = page.getByRole("dialog").getByRole("complementary", { name: "Details" });
  await expect(details).toContainText(/(^|\D)1\.2\sMB/);

  // The same size in Spanish: a decimal comma.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitem", { name: "Español" }).click();
  await expect(page.getByRole("button", { name: "Idioma: Español" })).toBeVisible();
  await page.getByRole("button", { name: /^Abrir la foto 1(\.|$)/ }).click();
  await expect(page.getByRole("dialog").getByRole("complementary", { name: "Detalles" })).toContainText(/(^|\D)1,2\sMB/);
});

/** Whether a button shows its whole label at the page's width: the label is no wider than the box that shows it. */
async function labelFits(button: Locator) {
  return button.evaluate((element) => {
    type Box = { scrollWidth: number; clientWidth: number; querySelector(s: string): Box | null };
    const box = element as unknown as Box;
    const label = box.querySelector(".mantine-Button-label") ?? box;
    return label.scrollWidth <= label.clientWidth && box.scrollWidth <= box.clientWidth;
  });
}

/** Checks at desktop and phone widths that a button's label is not cut off, then goes back to the desktop width. */
async function expectWholeLabel(page: Page, button: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(button).toBeVisible();
    expect(await labelFits(button), `"${await button.innerText()}" is whole at ${width} px`).toBe(true);
  }
}

/** Switches the app's language from the user area's menu and waits until the profile keeps it. */
async function switchLanguage(page: Page, from: RegExp | string, to: string) {
  await page.getByRole("button", { name: from }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/user") && r.request().method() === "PUT" && r.ok());
  await page.getByRole("menuitem", { name: to }).click();
  await saved;
}

test.describe("the shop in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("names the packs, the shipping and the plan in Spanish, to the checkout, and shows 'Add to bag' whole", async ({ page }) => {
    test.setTimeout(150_000);
    // Signed up in English (the helpers read English), then Spanish is chosen in the app and kept in the profile.
    await page.addInitScript(() => {
      if (!localStorage.getItem("locale")) localStorage.setItem("locale", "en-US");
      localStorage.setItem("flags", JSON.stringify({ tokens: true }));
    });
    const account = newAccount("words-shop");
    await signUpFromLanding(page, account, "user");
    await confirmEmail(page, account);
    await acceptPrivacy(page);
    await saveSpanishAddress(page);
    await switchLanguage(page, "Language: English", "Español");

    await page.goto("/u/shop/token-packs");
    await expect(page.getByRole("heading", { name: "Packs de pegatinas", level: 1 })).toBeVisible();
    const pack = page.locator("article[data-item=pack-24]");
    await expect(pack.getByRole("heading", { name: "Pack de 24 pegatinas" })).toBeVisible();
    await expect(pack).toContainText("24 pegatinas: una para cada carrete de un año de fotos.");
    await expect(page.locator("article[data-item=pack-144]")).toContainText("144 pegatinas para etiquetar todo un archivo de negativos.");
    const add = pack.getByRole("button", { name: "Añadir a la cesta" });
    await expectWholeLabel(page, add);
    await add.click();
    await expect(page.getByLabel("Packs de Pack de 24 pegatinas")).toHaveValue("1");
    await page.getByRole("button", { name: "Continuar con el envío" }).click();

    await expect(page).toHaveURL(/\/u\/shop\/shipment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("cell", { name: "Pack de 24 pegatinas" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /^Correos · Carta · / })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^Correos · Carta con seguimiento · / })).toBeVisible();
    await expect(page.getByText(/Letter/)).toHaveCount(0);

    // The payment page names what it sells the same way.
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await expect(page.getByText("Pack de 24 pegatinas × 1")).toBeVisible();
    await expect(page.getByText("Correos Carta × 1")).toBeVisible();

    // And a plan by its Spanish name.
    await page.goto("/u/shop/subscriptions");
    await page.locator("article[data-plan=artist]").getByRole("button", { name: "Elegir Artista" }).click();
    await expect(page.getByText("Plan Artista, facturación mensual")).toBeVisible();
    await expect(page.getByText(/Artist\b/)).toHaveCount(0);
  });
});

test("a roll card names black and white the reader's way, and the shop names its packs in French, Italian and Catalan", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ tokens: true })));
  await signUpFromLanding(page, newAccount("words-roll"), "user");
  await acceptPrivacy(page);
  await page.goto("/u/films");
  await page.getByRole("button", { name: "Register your first roll" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name or code").fill("Harbour");
  await dialog.getByRole("combobox", { name: "Film stock" }).fill("HP5");
  await page.getByRole("option", { name: /^Ilford HP5 Plus · ISO 400 · B&W$/ }).click();
  await dialog.getByRole("button", { name: "Create roll" }).click();
  await expect(page.getByRole("heading", { name: "Harbour", level: 1 })).toBeVisible();

  // The card shows the process as the reader writes it, never the API's code.
  await page.goto("/u/films");
  const card = page.getByRole("link", { name: /Harbour/ });
  await expect(card).toContainText("B&W");
  await expect(card).not.toContainText("B/N");
  await switchLanguage(page, "Language: English", "Français");
  await expect(card).toContainText("N&B");
  await expect(card).not.toContainText("B/N");

  const shops = [
    { from: /^Langue/, to: null, pack: "Lot de 24 autocollants", add: "Ajouter au panier" },
    { from: /^Langue/, to: "Italiano", pack: "Confezione da 24 adesivi", add: "Aggiungi al carrello" },
    { from: /^Lingua/, to: "Català", pack: "Paquet de 24 adhesius", add: "Afegeix a la cistella" },
  ];
  await page.goto("/u/shop/token-packs");
  for (const shop of shops) {
    if (shop.to) await switchLanguage(page, shop.from, shop.to);
    const pack = page.locator("article[data-item=pack-24]");
    await expect(pack.getByRole("heading", { name: shop.pack })).toBeVisible();
    await expectWholeLabel(page, pack.getByRole("button", { name: shop.add }));
  }
});

test("a lab's roll form offers processes and formats by name, and the order's roll reads B&W, not B/N", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFromLanding(page, newAccount("words-lab"), "lab");
  await expect(page).toHaveURL("/u/lab/general");
  await page.getByLabel("Lab name").fill("Laboratori Words");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("The lab was saved.")).toBeVisible();

  const drawer = page.getByRole("dialog");
  await page.goto("/u/orders");
  await page.getByRole("button", { name: "New order" }).click();
  await drawer.getByLabel("Reference").fill("#512");
  await drawer.getByLabel("Customer name").fill("Ana García");
  await drawer.getByLabel("Customer email").fill(newAccount("words-customer").email);
  await drawer.getByRole("button", { name: "Create order" }).click();
  await expect(page.getByText("Order #512 was created.")).toBeVisible();

  const process = drawer.getByRole("combobox", { name: "Process" });
  await expect(process.getByRole("option")).toHaveText([
    "C-41 (colour negative)",
    "E-6 (slide)",
    "B&W (black and white)",
    "ECN-2 (motion picture)",
  ]);
  await expect(drawer.getByRole("combobox", { name: "Format" }).getByRole("option", { name: "Medium format (120)" })).toHaveCount(1);
  await drawer.getByLabel("Roll name").fill("Harbour");
  await drawer.getByRole("textbox", { name: "Brand", exact: true }).fill("Ilford");
  await drawer.getByRole("textbox", { name: "Film", exact: true }).fill("HP5 Plus");
  await process.selectOption({ label: "B&W (black and white)" });
  await drawer.getByRole("button", { name: "Add roll" }).click();
  await expect(page.getByText("Harbour was added.")).toBeVisible();
  const line = drawer.getByRole("row", { name: /Harbour/ });
  await expect(line).toContainText("Ilford HP5 Plus · ISO 400 · 135 · B&W");
  await expect(line).not.toContainText("B/N");
});
