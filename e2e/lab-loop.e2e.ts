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

/** Marks the page's document: the mark survives anything but a reload or a navigation to another document. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (globalThis as { sameDocument?: boolean }).sameDocument = true;
  });
const stillSameDocument = (page: Page) => page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument === true);

test("the lab's loop: scans counted live, the order sent, collected by the customer, and the lab sees it without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const lab = newAccount("lab");
  await signUpFromLanding(page, lab, "lab");
  await expect(page).toHaveURL("/u/lab/general");
  await page.getByLabel("Lab name").fill("Foto Lab Girona");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("The lab was saved.")).toBeVisible();

  // An order with one roll, open in its drawer; this page is never reloaded from here on.
  const customer = newAccount("customer");
  await createOrderWithRoll(page, {
    reference: "#4096",
    customerName: "Ana García",
    customerEmail: customer.email,
    roll: { name: "Summer in Girona", brand: "Kodak", film: "Portra 400" },
  });
  await expect(drawer(page).getByRole("cell", { name: "0 scans" })).toBeVisible();
  const orderUrl = new URL(page.url());
  await markDocument(page);

  // The scans are uploaded on the roll's page, in another tab: the drawer counts them as they are done.
  const rollPath = await drawer(page).getByRole("link", { name: "Upload scans" }).getAttribute("href");
  const rollTab = await page.context().newPage();
  await rollTab.goto(rollPath!);
  await expect(rollTab.getByRole("heading", { name: "Summer in Girona", level: 1 })).toBeVisible();
  await dropFiles(rollTab, rollTab.getByText("Drop scans or a folder here"), [
    { name: "scan-1.jpg", buffer: await scan(200, 80, 60) },
    { name: "scan-2.jpg", buffer: await scan(60, 140, 200) },
    { name: "scan-3.jpg", buffer: await scan(90, 180, 90) },
  ]);
  await rollTab.getByRole("button", { name: "Upload 3 files" }).click();
  await expect(rollTab.getByRole("heading", { name: "3 scans ready" })).toBeVisible({ timeout: 30_000 });
  await expect(drawer(page).getByRole("cell", { name: "3 scans" })).toBeVisible();

  // The roll's way back leads to its order, not to a photographer's roll list.
  await rollTab.getByRole("link", { name: "← Back to the order" }).click();
  await expect(rollTab).toHaveURL(`${orderUrl.pathname}${orderUrl.search}`);
  await expect(drawer(rollTab).getByRole("heading", { name: "#4096" })).toBeVisible();
  await rollTab.close();

  // Sent from the drawer that was open all along.
  await drawer(page).getByRole("button", { name: "Send by email" }).click();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(`Sent to ${customer.email}`)).toBeVisible();
  // The mail comes in the lab's name, and a reply reaches the lab (its account's address: no contact email was set).
  const mail = await mailTo(customer.email);
  expect(mail.from).toBe("Foto Lab Girona via Latent <no-reply@localhost>");
  expect(mail.replyTo).toBe(lab.email);
  const link = /https?:\/\/\S+\/order\?code=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, "the mail carries the order's link").toBeTruthy();
  const orderPath = `${new URL(link!).pathname}${new URL(link!).search}`;

  // The customer, on their own browser: signs up from the order with the mail's address filled in and read-only,
  // confirms the address, adds the roll.
  const customerContext = await browser.newContext();
  const visitor = await customerContext.newPage();
  await visitor.goto(orderPath);
  await visitor.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(visitor.locator("#email")).toHaveValue(customer.email);
  await expect(visitor.locator("#email")).not.toBeEditable();
  await fillSignUp(visitor, customer, "user");
  await expect(visitor).toHaveURL(orderPath);
  await confirmEmail(visitor, customer);
  await visitor.getByRole("button", { name: "Add these rolls to my account" }).click();
  await expect(visitor.getByText("The roll is now in your account:")).toBeVisible();

  // The order's page says where the rolls went, and when, and leads to them.
  const longToday = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());
  await expect(visitor.getByText(`The rolls of this order were added to Ana García's Latent account on ${longToday}.`)).toBeVisible();
  await expect(visitor.getByText("No rolls yet")).toBeHidden();
  await visitor.getByRole("link", { name: "Open my rolls" }).click();
  await expect(visitor).toHaveURL("/u/films");
  await expect(visitor.getByText("From Foto Lab Girona")).toBeVisible();
  await customerContext.close();

  // The lab's drawer and list, never reloaded, say who collected what and when.
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date());
  const collectedBy = `Collected by Ana García on ${today}`;
  const amounts = /^1 roll · 3 scans · [\d.]+ kB$/;
  await expect(drawer(page).getByText(collectedBy)).toBeVisible();
  await expect(drawer(page).getByText(amounts)).toBeVisible();
  await expect(drawer(page).getByText("Collected", { exact: true })).toBeVisible();
  await drawer(page).getByRole("button", { name: "Close" }).click();
  const row = page.getByRole("row").filter({ hasText: "#4096" });
  await expect(row.getByText(collectedBy)).toBeVisible();
  await expect(row.getByText(amounts)).toBeVisible();
  await expect(row.getByText("Collected", { exact: true })).toBeVisible();
  expect(await stillSameDocument(page), "the lab's page was never reloaded").toBe(true);

  // The lab area's counts know it too.
  await page.getByRole("link", { name: "Lab", exact: true }).click();
  const collectedCount = page.locator("dt", { hasText: "Collected" }).locator("xpath=following-sibling::dd[1]");
  await expect(collectedCount).toHaveText("1");

  // Nor does a typed or stale address put a lab on the photographers' roll list.
  await page.goto("/u/films");
  await expect(page).toHaveURL("/u/lab/general");
});
