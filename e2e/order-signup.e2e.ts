import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { dropFiles } from "./support/drop-files.ts";
import { mailTo } from "./support/mail.ts";
import { createOrderWithRoll } from "./support/orders.ts";

const drawer = (page: Page) => page.getByRole("dialog");

test("a customer signs up from the lab's order mail with the address filled in, confirms it and lands back on the order", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const lab = newAccount("lab");
  await signUpFromLanding(page, lab, "lab");
  await expect(page).toHaveURL("/u/lab/general");

  // The lab's name and the address its customers' replies reach.
  await page.getByLabel("Lab name").fill("Foto Lab Sants");
  await expect(page.getByText(`Leave it empty to receive them at your account's address, ${lab.email}.`)).toBeVisible();
  await page.getByLabel("Contact email").fill("hola@");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("Enter an email address, such as name@example.com")).toBeVisible();
  await page.getByLabel("Contact email").fill("hola@fotolabsants.example");
  await page.getByRole("button", { name: "Save lab" }).click();
  await expect(page.getByText("The lab was saved.")).toBeVisible();

  // An order with one scanned roll, sent to a customer who has no account yet.
  const customer = newAccount("customer");
  await createOrderWithRoll(page, {
    reference: "#2048",
    customerName: "Jordi Puig",
    customerEmail: customer.email,
    roll: { name: "Montjuïc at dusk", brand: "Ilford", film: "HP5 Plus" },
  });
  const orderUrl = page.url();
  await drawer(page).getByRole("link", { name: "Upload scans" }).click();
  const scan = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  await dropFiles(page, page.getByText("Drop scans or a folder here"), [{ name: "scan-1.jpg", buffer: scan }]);
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await expect(page.getByRole("heading", { name: "1 scan ready" })).toBeVisible({ timeout: 30_000 });
  await page.goto(orderUrl);
  await drawer(page).getByRole("button", { name: "Send by email" }).click();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(`Sent to ${customer.email}`)).toBeVisible();

  // The customer's inbox: the lab's name as the sender, replies to the lab.
  const mail = await mailTo(customer.email);
  expect(mail.from).toBe("Foto Lab Sants via Latent <no-reply@localhost>");
  expect(mail.replyTo).toBe("hola@fotolabsants.example");
  const link = /https?:\/\/\S+\/order\?code=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, "the mail carries the order's link").toBeTruthy();
  const orderPath = `${new URL(link!).pathname}${new URL(link!).search}`;

  // On their own browser: the order, then "Create account" with the address already there, read-only.
  const customerContext = await browser.newContext();
  const visitor = await customerContext.newPage();
  await visitor.goto(orderPath);
  await expect(visitor.getByText(`Sign in or create an account with ${customer.email}`)).toBeVisible();
  await visitor.getByRole("main").getByRole("button", { name: "Create account" }).click();
  await expect(visitor.getByRole("heading", { name: "Create your Latent account" })).toBeVisible();
  const email = visitor.locator("#email");
  await expect(email).toHaveValue(customer.email);
  await expect(email).not.toBeEditable();
  await expect(visitor.getByRole("link", { name: "Use another address" })).toBeVisible();
  await visitor.locator("#password").fill(customer.password);
  await visitor.locator("button[type=submit]").click();

  // Back on the order at once; adding the rolls waits for the confirmed address.
  await expect(visitor).toHaveURL(orderPath);
  await expect(visitor.getByText(`Confirm your email address: we sent a link to ${customer.email}`)).toBeVisible();

  // The confirmation mail's link leads back to the order.
  let verify: string | undefined;
  await expect
    .poll(
      async () => {
        verify = /https?:\/\/\S+\/auth\/verify\/\S+/.exec((await mailTo(customer.email)).text)?.[0];
        return verify !== undefined;
      },
      { message: "the sign-up mail with its confirmation link" },
    )
    .toBe(true);
  await visitor.goto(verify!);
  await expect(visitor.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await visitor.getByRole("link", { name: "Back to where you were" }).click();
  await expect(visitor).toHaveURL(orderPath);
  await visitor.getByRole("button", { name: "Add these rolls to my account" }).click();
  await expect(visitor.getByText("The roll is now in your account:")).toBeVisible();
  await visitor.getByRole("link", { name: "Montjuïc at dusk" }).click();
  await expect(visitor.getByRole("heading", { name: "Montjuïc at dusk", level: 1 })).toBeVisible();
  await customerContext.close();
});
