import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

/** What the API answers a call with this key (as the lab's CLI would send it). */
const statusWithKey = (page: Page, token: string) =>
  page.evaluate(async (key) => (await fetch("/api/orders", { headers: { authorization: `Bearer ${key}` } })).status, token);

test("a lab creates an API key, sees its token once and copies it, the key works, and revoking it stops it at once", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpFromLanding(page, newAccount("lab-keys"), "lab");
  await expect(page).toHaveURL("/u/lab/general");
  await page.getByRole("tab", { name: "API keys" }).click();
  await expect(page).toHaveURL("/u/lab/api-keys");
  await expect(page.getByText("No keys yet.")).toBeVisible();

  // By keyboard: the name, one scope left out with the space bar, Enter to create.
  await page.getByLabel("Name").fill("Noritsu PC");
  await page.getByRole("checkbox", { name: "Write orders" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Write orders" })).not.toBeChecked();
  await page.getByLabel("Name").press("Enter");

  const shown = page.getByRole("status").filter({ hasText: "Key “Noritsu PC” created" });
  await expect(shown.getByText("Copy the key now: you will not see it again.")).toBeVisible();
  const token = await shown.getByLabel("API key", { exact: true }).inputValue();
  expect(token).toMatch(/^latk_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy API key" }).click();
  await expect(shown.getByRole("button", { name: "Copy API key" })).toHaveText("Copied");
  // The page's clipboard (the e2e code is typed for Node, without the DOM's types).
  expect(await page.evaluate("navigator.clipboard.readText()")).toBe(token);

  const row = page.getByRole("row").filter({ hasText: "Noritsu PC" });
  await expect(row.getByText("Read orders")).toBeVisible();
  await expect(row.getByText("Upload scans")).toBeVisible();
  await expect(row.getByText("Write orders")).toHaveCount(0);
  await expect(row.getByText("Never used")).toBeVisible();

  expect(await statusWithKey(page, token)).toBe(200);
  await shown.getByRole("button", { name: "I have copied it" }).click();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Noritsu PC" }).getByText("Never used")).toHaveCount(0);
  expect(await page.content()).not.toContain(token.slice(22));

  const confirm = page.getByRole("dialog", { name: "Revoke “Noritsu PC”?" });
  // Right after a reload the dialogs' host may still be loading (it comes after the first paint): click until it opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Revoke the key “Noritsu PC”" }).click();
    await expect(confirm).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(confirm.getByText("Anything that uses this key stops working at once.")).toBeVisible();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("The key “Noritsu PC” was revoked.")).toBeVisible();
  await expect(page.getByText("No keys yet.")).toBeVisible();
  expect(await statusWithKey(page, token)).toBe(401);
});
