import { expect, test } from "@playwright/test";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

const CSV = [
  "Reference;Customer name;Email;Phone;Rolls",
  "IMP-1;Ada Lovelace;ada@example.com;+34 600 000 001;2",
  "IMP-2;Joan Miró;joan@example.com;;1",
  "IMP-3;Grace Hopper;not-an-email;;1",
  "IMP-4;Alan Turing;alan@example.com;;3",
  "IMP-5;Chloé Dubois;chloe@example.com;;",
].join("\r\n");

test("a lab imports a CSV of five orders with one bad row: the preview shows the error, four orders appear", async ({ page }) => {
  await signUpFromLanding(page, newAccount("lab-import"), "lab");
  await page.goto("/u/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import orders from a CSV" });
  await expect(dialog.getByRole("button", { name: "Download the template" })).toBeVisible();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${CSV}`) });

  await expect(dialog.getByText("orders.csv: 5 rows, 4 ready to import, 1 with errors.")).toBeVisible();
  const bad = dialog.getByRole("row").filter({ hasText: "IMP-3" });
  await expect(bad.getByText("Email is not a valid email address")).toBeVisible();
  await expect(dialog.getByRole("row").filter({ hasText: "IMP-1" }).getByText("Ready")).toBeVisible();

  await dialog.getByRole("button", { name: "Import 4 orders" }).click();
  await expect(dialog.getByText("4 orders imported")).toBeVisible();
  await expect(dialog.getByText("1 row was skipped for its errors.")).toBeVisible();
  await expect(dialog.getByRole("row").filter({ hasText: "IMP-1" }).getByText("Imported")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole("table");
  for (const reference of ["IMP-1", "IMP-2", "IMP-4", "IMP-5"]) await expect(table.getByRole("button", { name: reference })).toBeVisible();
  await expect(table.getByRole("button", { name: "IMP-3" })).toHaveCount(0);
  // An imported order shows the rolls it announced, none added yet.
  await expect(table.getByRole("row").filter({ hasText: "IMP-4" }).getByText("0 / 3")).toBeVisible();

  // The list's search asks the server.
  await page.getByLabel("Search orders").fill("lovelace");
  await expect(table.getByRole("button", { name: "IMP-1" })).toBeVisible();
  await expect(table.getByRole("button", { name: "IMP-2" })).toHaveCount(0);
});
