import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { confirmEmail, fillSignUp, newAccount, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { mailTo } from "./support/mail.ts";
import { createOrderWithRoll } from "./support/orders.ts";

const scan = (r: number, g: number, b: number) =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();

const drawer = (page: Page) => page.getByRole("dialog");

test("a lab delivers an order: three scans, an email with the link, and the customer keeps the roll in their own account", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const lab = newAccount("lab");
  await signUpFromLanding(page, lab, "lab");
  await expect(page).toHaveURL("/u/lab/general");

  await page.getByLabel("Lab name").fill("Foto Lab Girona");
  await page.getByLabel("Location").fill("Girona");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("The lab was saved.")).toBeVisible();

  // A new order with one roll for a customer who has no Latent account yet; its scans go up on the roll's page.
  const customer = newAccount("customer");
  await createOrderWithRoll(page, {
    reference: "#1024",
    customerName: "Ana García",
    customerEmail: customer.email,
    roll: { name: "Summer in Girona", brand: "Kodak", film: "Portra 400" },
  });
  const orderUrl = page.url();
  await drawer(page).getByRole("link", { name: "Upload scans" }).click();
  await expect(page.getByRole("heading", { name: "Summer in Girona", level: 1 })).toBeVisible();
  await dropFiles(page, page.getByText("Drop scans or a folder here"), [
    { name: "scan-1.jpg", buffer: await scan(200, 80, 60) },
    { name: "scan-2.jpg", buffer: await scan(60, 140, 200) },
    { name: "scan-3.jpg", buffer: await scan(90, 180, 90) },
  ]);
  await page.getByRole("button", { name: "Upload 3 files" }).click();
  await expect(page.getByRole("heading", { name: "3 scans ready" })).toBeVisible({ timeout: 30_000 });

  // Sent by email: the customer's inbox has the lab's mail with the link.
  await page.goto(orderUrl);
  await drawer(page).getByRole("button", { name: "Send by email" }).click();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(`Sent to ${customer.email}`)).toBeVisible();
  const mail = await mailTo(customer.email);
  expect(mail.subject).toContain("#1024");
  expect(mail.text).toContain("Ana García");
  const link = /https?:\/\/\S+\/order\?code=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, "the mail carries the order's link").toBeTruthy();
  const orderPath = `${new URL(link!).pathname}${new URL(link!).search}`;

  // The customer, on another browser without an account: the lab, the roll, a zip.
  const visitorContext = await browser.newContext({ acceptDownloads: true });
  // Zip downloads are behind the `zip` flag (spec §6), off by default.
  await visitorContext.addInitScript(() => localStorage.setItem("flags", JSON.stringify({ zip: true })));
  const visitor = await visitorContext.newPage();
  await visitor.goto(orderPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Foto Lab Girona");
  await expect(visitor.getByRole("heading", { name: "Summer in Girona", level: 2 })).toBeVisible();
  const downloading = visitor.waitForEvent("download");
  await visitor.getByRole("button", { name: "Download zip of Summer in Girona" }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.zip$/);

  // Signing up with the order's email, then one click to keep the roll.
  await visitor.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await fillSignUp(visitor, customer, "user");
  await expect(visitor).toHaveURL(orderPath);
  // Claiming needs a confirmed email: the customer opens the sign-up mail's link first.
  await confirmEmail(visitor, customer);
  await visitor.getByRole("button", { name: "Add these rolls to my account" }).click();
  await visitor.getByRole("link", { name: "Summer in Girona" }).click();
  await expect(visitor.getByRole("heading", { name: "Summer in Girona", level: 1 })).toBeVisible();
  await expect(visitor.getByText("From Foto Lab Girona")).toBeVisible();
  await visitor.goto("/u/films");
  await expect(visitor.getByText("From Foto Lab Girona")).toBeVisible();
  await visitorContext.close();
});

test("a lab on a server without a Shopify app is told so and offered WooCommerce instead", async ({ page }) => {
  await signUpFromLanding(page, newAccount("lab-no-shopify"), "lab");
  await page.getByRole("tab", { name: "Integrations" }).click();
  await expect(page).toHaveURL("/u/lab/lintegrations");
  const shopify = page.getByRole("region", { name: "Shopify" });
  await expect(shopify.getByText("Shopify is not set up on this Latent server")).toBeVisible();
  await expect(shopify.getByRole("button", { name: "Connect Shopify" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Connect WooCommerce" })).toBeVisible();
});

test("a lab turns off the mail about its customers' answers on its order links, and it stays off", async ({ page }) => {
  await signUpFromLanding(page, newAccount("lab-digest"), "lab");
  await page.goto("/u/profile");
  const digest = page.getByRole("switch", { name: "Mail me when customers answer on my orders' links" });
  await expect(digest).toBeChecked();
  // A photographer's roll mails are not a lab's: only the digest is offered.
  await expect(page.getByRole("group", { name: "Your customers' answers" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Mail me when a lab moves my rolls on" })).toHaveCount(0);
  await digest.uncheck();
  await expect(digest).not.toBeChecked();
  // Disabled while the change is saved: enabled again, it is stored.
  await expect(digest).toBeEnabled();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Mail me when customers answer on my orders' links" })).not.toBeChecked();
});
