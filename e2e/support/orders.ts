import { expect, type Page } from "@playwright/test";

export interface NewOrder {
  reference: string;
  customerName: string;
  customerEmail: string;
  roll: { name: string; brand: string; film: string };
}

/** A lab's new order with one roll, made from the orders page; its drawer stays open on the order. */
export async function createOrderWithRoll(page: Page, order: NewOrder) {
  const drawer = page.getByRole("dialog");
  await page.goto("/u/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New order" }).click();
  await drawer.getByLabel("Reference").fill(order.reference);
  await drawer.getByLabel("Customer name").fill(order.customerName);
  await drawer.getByLabel("Customer email").fill(order.customerEmail);
  await drawer.getByRole("button", { name: "Create order" }).click();
  await expect(page.getByText(`Order ${order.reference} was created.`)).toBeVisible();
  await drawer.getByLabel("Roll name").fill(order.roll.name);
  await drawer.getByRole("textbox", { name: "Brand", exact: true }).fill(order.roll.brand);
  await drawer.getByRole("textbox", { name: "Film", exact: true }).fill(order.roll.film);
  await drawer.getByRole("button", { name: "Add roll" }).click();
  await expect(page.getByText(`${order.roll.name} was added.`)).toBeVisible();
}
