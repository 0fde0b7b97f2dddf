import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { confirmEmail, fillSignUp, newAccount, signUpFromLanding } from "./support/accounts.ts";

const plan = (page: Page, id: "free" | "artist" | "unlimited") => page.locator(`article[data-plan=${id}]`);

async function signUpOnFree(page: Page, kind: string) {
  const account = newAccount(kind);
  await signUpFromLanding(page, account, "user");
  await expect(page).toHaveURL("/u/home");
  // Paying needs a confirmed email.
  await confirmEmail(page, account);
  return account;
}

/** The sandbox checkout (the server's own test-mode page): a card number, then pay. */
async function payOnSandbox(page: Page, card: string) {
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await page.getByLabel(/card number/i).fill(card);
  await page.getByRole("button", { name: /^pay/i }).click();
}

test("a photographer who signs up is welcomed by the plans and can go on with Free", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Create account" }).click();
  await fillSignUp(page, newAccount("welcome"), "user");
  await expect(page).toHaveURL("/u/welcome");
  await expect(page.getByRole("heading", { name: /^Welcome to Latent/, level: 1 })).toBeVisible();
  await expect(plan(page, "artist").getByRole("button", { name: "Choose Artist" })).toBeEnabled();
  await page.getByRole("link", { name: "Continue with Free" }).click();
  await expect(page).toHaveURL("/u/home");
});

test("the shop shows the three plans, marks Free as current and remembers the currency", async ({ page }) => {
  await signUpOnFree(page, "shop-plans");
  await page.goto("/u/shop/subscriptions");
  await expect(page.getByRole("heading", { name: "Subscriptions", level: 1 })).toBeVisible();
  await expect(plan(page, "free").getByTestId("current-plan")).toBeVisible();
  await expect(plan(page, "artist").getByTestId("plan-price")).toHaveText("€4.99");
  await expect(plan(page, "artist").getByRole("button", { name: "Choose Artist" })).toBeEnabled();
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`),
  ).toEqual([]);

  await page.getByText("$ US dollar").click();
  await expect(plan(page, "artist").getByTestId("plan-price")).toHaveText("$5.49");
  await page.reload();
  await expect(plan(page, "unlimited").getByTestId("plan-price")).toHaveText("$10.99");

  await page.goto("/u/profile");
  const section = page.getByTestId("subscription-section");
  await expect(section).toContainText("Free");
  await expect(section.getByRole("link", { name: "Upgrade" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Manage subscription" })).toHaveCount(0);
});

test("a free photographer pays for Artist, sees 60 rolls and 3 pieces of gear on the dashboard, then cancels in the portal", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await signUpOnFree(page, "shop-artist");
  await page.goto("/u/shop/subscriptions");
  // The checkout's session id, read on its way to the app (the browser leaves the page right after).
  let sessionId = "";
  await page.route("**/api/purchases/checkout", async (route) => {
    const response = await route.fetch();
    sessionId = ((await response.json()) as { session_id: string }).session_id;
    await route.fulfill({ response });
  });
  await plan(page, "artist").getByRole("button", { name: "Choose Artist" }).click();
  await payOnSandbox(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/u\/shop\/subscriptions/);
  await expect(page.getByText("You're on Artist: 60 rolls, 3 pieces of gear")).toBeVisible({ timeout: 40_000 });
  await expect(plan(page, "artist").getByTestId("current-plan")).toBeVisible();

  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByText("0 of 60")).toBeVisible();
  await expect(page.getByText("0 of 3", { exact: true })).toBeVisible();

  await page.goto("/u/profile");
  const section = page.getByTestId("subscription-section");
  await expect(section).toContainText("Artist");
  await expect(section).toContainText(/Renews on/);

  // The portal (the sandbox's): cancelling keeps the plan until the period ends, and the profile says so.
  await section.getByRole("button", { name: "Manage subscription" }).click();
  await page.getByRole("button", { name: "Cancel at the end of the period" }).click();
  await page.getByRole("link", { name: "Back to Latent" }).click();
  await expect(page).toHaveURL(/\/u\/shop\/subscriptions/);
  // The public purchase page answers whoever holds the session and its email.
  await page.goto(`/purchase?sessionId=${encodeURIComponent(sessionId)}&email=${encodeURIComponent(account.email)}`);
  await expect(page.getByText("Thank you! Your payment was received.")).toBeVisible();
  await expect(page.getByText("Artist plan, €4.99.")).toBeVisible();

  // The cancellation reaches the profile through the provider's webhook, so the page is asked again until it does;
  // each look waits for the profile to render, which on a busy machine takes more than a couple of seconds.
  await expect(async () => {
    await page.goto("/u/profile");
    await expect(page.getByTestId("subscription-section")).toContainText(/Cancelled: your plan stays active until/, { timeout: 8_000 });
  }).toPass({ timeout: 45_000 });
  // The plans screen says when it ends, and offers no second cancel.
  await page.goto("/u/shop/subscriptions");
  await expect(page.getByText("Your Artist subscription is cancelled")).toBeVisible();
  await expect(plan(page, "free").getByRole("button", { name: /^Free from / })).toBeDisabled();
  await expect(plan(page, "artist").getByRole("button", { name: /^Ends on / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel and go back to Free" })).toHaveCount(0);
});

test("a declined card leaves the photographer on Free with a clear message", async ({ page }) => {
  await signUpOnFree(page, "shop-declined");
  await page.goto("/u/shop/subscriptions");
  await plan(page, "artist").getByRole("button", { name: "Choose Artist" }).click();
  await payOnSandbox(page, "4000 0000 0000 0002");
  await expect(page.getByText("Your card was declined. Try another card.")).toBeVisible();
  // Back to Latent without paying: the checkout's way out.
  await page.getByRole("button", { name: "Cancel and go back" }).click();

  await expect(page).toHaveURL(/\/u\/shop\/subscriptions/);
  await expect(page.getByRole("alert").filter({ hasText: "The payment was not completed" })).toBeVisible();
  await expect(page.getByText(/you are still on the Free plan/)).toBeVisible();
  await expect(plan(page, "free").getByTestId("current-plan")).toBeVisible();
});

test("an unpaid renewal makes the account inactive, and the profile says in every language when the files go", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpOnFree(page, "shop-unpaid");
  await page.goto("/u/shop/subscriptions");
  await plan(page, "artist").getByRole("button", { name: "Choose Artist" }).click();
  await payOnSandbox(page, "4242 4242 4242 4242");
  await expect(page.getByText("You're on Artist: 60 rolls, 3 pieces of gear")).toBeVisible({ timeout: 40_000 });

  // The sandbox portal's test controls: the renewal fails, then its last retry fails too.
  await page.goto("/u/profile");
  await page.getByTestId("subscription-section").getByRole("button", { name: "Manage subscription" }).click();
  await page.getByRole("button", { name: "Test: make the next renewal fail" }).click();
  await page.getByRole("button", { name: "Test: make the next renewal fail" }).click();
  await page.getByRole("link", { name: "Back to Latent" }).click();

  // Files are kept 30 days from today; the sentence and the date read as each language writes them.
  const due = new Date(Date.now() + 30 * 86_400_000);
  const long = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(due);
  const expected = [
    { locale: "en-US", name: "English", title: "Your account is inactive", when: `will be deleted on ${long("en-US")} (30 days` },
    { locale: "es-ES", name: "Español", title: "Tu cuenta está inactiva", when: `se borrarán el ${long("es-ES")} (30 días` },
    { locale: "fr-FR", name: "Français", title: "Votre compte est inactif", when: `seront supprimés le ${long("fr-FR")} (30 jours` },
    { locale: "it-IT", name: "Italiano", title: "Il tuo account è inattivo", when: `verranno eliminati il ${long("it-IT")} (30 giorni` },
    { locale: "ca-ES", name: "Català", title: "El teu compte està inactiu", when: `s'esborraran el ${long("ca-ES")} (30 dies` },
  ];
  await expect(async () => {
    await page.goto("/u/profile");
    await expect(page.getByText(expected[0]!.title)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  for (const { name, title, when } of expected) {
    await page.getByRole("button", { name: /^(Language|Idioma|Langue|Lingua)\s?:/ }).click();
    await page.getByRole("menuitem", { name }).click();
    const notice = page.getByRole("alert").filter({ hasText: title });
    await expect(notice).toContainText(when);
  }
  // And the way back to the plan, in the language chosen last.
  await expect(page.getByRole("button", { name: "Reactivar el meu pla" })).toBeVisible();
});
