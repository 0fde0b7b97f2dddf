import { readdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { LOCALES, type Locale } from "@latent/domain/locales";
import { expect, type Page, test } from "@playwright/test";

/** Every page of the public site, with the h1 it must show (namespace:key of its title). */
const PUBLIC_PAGES = [
  { path: "/", title: "landing:hero.title" },
  { path: "/about", title: "landing:about.title" },
  { path: "/pricing", title: "pricing:title" },
  { path: "/tokens", title: "landing:tokens.title" },
  { path: "/contact", title: "contact:title" },
  { path: "/privacy", title: "legal:privacy.title" },
  { path: "/terms-and-conditions", title: "legal:terms.title" },
] as const;

type Texts = Record<string, string>;

/** Flattens a translation file to "a.b.c" → text (array items as "a.0"), as i18next addresses them. */
function flatten(value: unknown, prefix: string, into: Texts): Texts {
  if (typeof value === "string") into[prefix] = value;
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const localesDir = new URL("../apps/web/src/locales/", import.meta.url);

/** "namespace:key" → text, for every namespace file of a locale. */
function translations(locale: Locale): Texts {
  const texts: Texts = {};
  for (const file of readdirSync(new URL(`${locale}/`, localesDir))) {
    const ns = file.replace(/\.json$/, "");
    const flat = flatten(JSON.parse(readFileSync(new URL(`${locale}/${file}`, localesDir), "utf8")), "", {});
    for (const [key, text] of Object.entries(flat)) texts[`${ns}:${key}`] = text;
  }
  return texts;
}

const TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, translations(locale)])) as Record<Locale, Texts>;
const english = TEXTS["en-US"];

/**
 * What an untranslated key looks like on screen: i18next shows the key itself ("hero.title", "perMonth"), with or
 * without its namespace. Keys of one plain word ("title") could be real words; the English check below catches those.
 */
const RAW_KEYS = Object.keys(english).flatMap((full) => {
  const key = full.slice(full.indexOf(":") + 1);
  return key.includes(".") || /[a-z][A-Z]/.test(key) ? [full, key] : [];
});

/**
 * English sentences that must not appear in another locale: a key missing there falls back to English. Texts that
 * are the same in both languages (brand names, "Contact" in French) are not evidence of anything and are left out.
 */
function englishOnly(locale: Locale): Set<string> {
  const own = new Set(Object.values(TEXTS[locale]));
  return new Set(Object.values(english).filter((text) => !text.includes("{{") && !own.has(text)));
}

/** Every text the visitor (or a screen reader) gets: visible lines, labels, picture descriptions, the tab title. */
async function shownTexts(page: Page): Promise<string[]> {
  const attribute = (name: string) =>
    page.locator(`[${name}]`).evaluateAll((elements, attr) => elements.map((el) => el.getAttribute(attr) ?? ""), name);
  const lines = [
    ...(await page.locator("body").innerText()).split("\n"),
    ...(await attribute("aria-label")),
    ...(await attribute("placeholder")),
    ...(await page.locator("svg title").allTextContents()),
    await page.title(),
  ];
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** Serious and critical problems found by axe-core (all of its rules) on what the page shows now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Waits for the page's own content and for the footer's newsletter box, which loads after it. */
async function openPage(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
  await expect(page.locator("#newsletter-title")).toBeVisible();
}

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    for (const { path, title } of PUBLIC_PAGES) {
      test(`${path} is complete in ${locale} and passes axe-core`, async ({ page }) => {
        const problems: string[] = [];
        page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
        // i18next reports missing keys on the console when its debug mode is on; none may ever show up.
        page.on("console", (message) => {
          if (/i18next|missingKey/i.test(message.text())) problems.push(`console: ${message.text()}`);
        });

        await openPage(page, path, TEXTS[locale][title]!);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);

        const shown = await shownTexts(page);
        const text = shown.join("\n");
        expect(
          RAW_KEYS.filter((key) => text.includes(key)),
          "untranslated keys",
        ).toEqual([]);
        expect(text, "placeholders left in a text").not.toContain("{{");
        if (locale !== "en-US") {
          const fallbacks = englishOnly(locale);
          expect(
            shown.filter((line) => fallbacks.has(line)),
            "English texts on a page in another language",
          ).toEqual([]);
        }
        expect(problems).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test("the main page's call to action opens the sign-up form", async ({ page }) => {
  await openPage(page, "/", english["landing:hero.title"]!);
  await page.getByRole("main").getByRole("button", { name: "Start for free" }).first().click();
  await expect(page.getByRole("heading", { name: "Create your Latent account" })).toBeVisible();
});

test("the contact form sends, then asks to wait a minute before the next message", async ({ page }) => {
  await openPage(page, "/contact", "Contact");
  const form = page.getByRole("form", { name: "Contact form" });
  const email = `visitor-${Date.now()}@example.com`;

  // The domain's schema checks the fields before anything is sent.
  await form.getByLabel("Your email address").fill("not-an-address");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("not valid")).toBeVisible();
  await expect(form.getByText("Required")).toHaveCount(3);

  await form.getByLabel("Your email address").fill(email);
  await form.getByLabel("Reason").selectOption("lab-partnership");
  await form.getByLabel("Subject").fill("Scans for our customers");
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We develop and scan about two hundred rolls a week. Could we deliver them through Latent?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toContainText("Message sent");
  await expect(form.getByRole("status")).toContainText(email);

  await form.getByLabel("Subject").fill("One more thing");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We also scan 120 film.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("alert")).toContainText("Wait a minute to send the next email");
});

test.describe("in a browser set to Spanish", () => {
  test.use({ locale: "es-ES" });

  test("the newsletter box asks to confirm by email, then to wait a minute", async ({ page }) => {
    await openPage(page, "/pricing", "Precios");
    const box = page.getByRole("contentinfo").locator("#newsletter");
    await box.getByLabel("Correo electrónico").fill("en-otro-momento");
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await expect(box.getByText(TEXTS["es-ES"]["errors:validation.not-valid"]!)).toBeVisible();

    await box.getByLabel("Correo electrónico").fill(`lector-${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await expect(box.getByRole("status")).toContainText("Revisa tu bandeja de entrada para confirmar la suscripción");

    await box.getByLabel("Correo electrónico").fill(`lectora-${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await expect(box.getByRole("alert")).toHaveText(TEXTS["es-ES"]["errors:api.rate-limited-email"]!);
  });
});

test("the open-beta section says registration is closed instead of offering a form", async ({ page }) => {
  // The test server keeps the default deadline, long past (e2e/words.e2e.ts checks the date in two languages).
  await openPage(page, "/about", "About Latent");
  const beta = page.getByRole("region", { name: "Open beta" });
  await expect(beta.getByRole("status")).toContainText("Registration is closed");
  await expect(beta.getByRole("button", { name: "Join the open beta" })).toHaveCount(0);
  await expect(beta.getByLabel("Email address")).toHaveCount(0);
});

test("an error description in the address is shown on the main page", async ({ page }) => {
  await page.goto("/?errorDescription=x");
  await expect(page.getByRole("alert").getByText("x", { exact: true })).toBeVisible();
  await page.goto("/?error_description=The%20provider%20said%20no");
  await expect(page.getByRole("alert")).toContainText("The provider said no");
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/darkroom/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("the pricing page shows the three plans in euros, switches to dollars and remembers it", async ({ page }) => {
  await openPage(page, "/pricing", "Pricing");
  const plans = page.getByRole("article");
  await expect(plans.getByRole("heading", { level: 2 })).toHaveText(["Free", "Artist", "Unlimited"]);
  await expect(page.getByTestId("plan-price")).toHaveText(["€0", "€4.99", "€9.99"]);
  await expect(page.getByRole("article", { name: "Artist" })).toContainText("200 GB");

  await page.getByRole("radiogroup", { name: "Prices in" }).getByText("$ US dollar").click();
  await expect(page.getByTestId("plan-price")).toHaveText(["$0", "$5.49", "$10.99"]);
  await expect(page.getByRole("region", { name: "20% off with the newsletter" })).toContainText("$4.39 instead of $5.49");

  await page.reload();
  await expect(page.getByTestId("plan-price")).toHaveText(["$0", "$5.49", "$10.99"]);
});

test.describe("on a 360 px wide screen", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("no public page scrolls sideways, and the menu opens the site's pages", async ({ page }) => {
    for (const { path, title } of PUBLIC_PAGES) {
      await openPage(page, path, english[title]!);
      // Public pages stay in the browser: only the user area sends phones to the app stores.
      await expect(page).toHaveURL(path);
      expect(await page.locator("html").evaluate((html) => html.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await page.goto("/");
    await page.getByRole("button", { name: "Show or hide the navigation" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Pricing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
