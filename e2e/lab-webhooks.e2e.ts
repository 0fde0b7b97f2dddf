import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

test("a lab adds a webhook endpoint, copies its secret shown once, sends a test event its receiver verifies, and sees it in the delivery log", async ({
  page,
  context,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/latent`;

  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUpFromLanding(page, newAccount("lab-webhooks"), "lab");
    await expect(page).toHaveURL("/u/lab/general");
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await expect(page).toHaveURL("/u/lab/webhooks");
    await expect(page.getByText("No endpoints yet: add one above to receive events.")).toBeVisible();

    await page.getByLabel("Address (URL)").fill(url);
    await page.getByLabel("Description (optional)").fill("Front desk");
    // By keyboard: one event left out with the space bar.
    await page.getByRole("checkbox", { name: /^order\.shared/ }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: /^order\.shared/ })).not.toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();

    const card = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    const once = card.getByRole("status").filter({ hasText: "Copy the signing secret now" });
    const secret = await once.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await once.getByRole("button", { name: "Copy Signing secret" }).click();
    // The page's clipboard (the e2e code is typed for Node, without the DOM's types).
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(secret);
    await expect(card.getByText("order.shared", { exact: true })).toHaveCount(0);
    await expect(card.getByText("Nothing delivered yet.")).toBeVisible();

    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(card.getByText("The test event was delivered (answer 200).")).toBeVisible();
    expect(received).toHaveLength(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "webhook.test" });

    await card.getByRole("button", { name: "Delivery log" }).click();
    const row = card.getByTestId("webhook-delivery");
    await expect(row).toHaveCount(1);
    await expect(row.getByText("webhook.test")).toBeVisible();
    await expect(row.getByText("Delivered")).toBeVisible();
    await expect(row.getByText("1 attempt")).toBeVisible();
    await expect(card.getByText(/Last delivery:/)).toContainText("code 200");

    // Shown once: after a reload the secret is nowhere on the page.
    await page.reload();
    await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));
  } finally {
    receiver.close();
  }
});
