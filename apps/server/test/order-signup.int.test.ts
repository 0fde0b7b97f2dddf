import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorize, browser, finish } from "./embedded-sign-in.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";
import { mailTo } from "./outbox-mail.ts";

/** The path and query of the first link of `text` to `path` on this site. */
function linkIn(text: string, path: string) {
  const match = new RegExp(`https?://\\S+${path}\\S*`).exec(text);
  expect(match, `a link to ${path}`).toBeTruthy();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

/** A lab sends an order to a new address; answers its page's path (`/order?code=…`) as the customer's mail has it. */
async function sentOrder(s: TestServer) {
  const lab = await labWithOrder(s, { name: "Foto Lab Sants" }, `customer-${randomUUID()}@example.com`);
  expect((await lab.send()).status).toBe(200);
  const orderPath = linkIn((await mailTo(s, lab.customer, /#77/)).text, "/order");
  return { customer: lab.customer, orderPath, code: new URL(orderPath, s.base).searchParams.get("code")! };
}

describe.each(DATABASES)("signing up from an order's mail on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Every browser here signs up from 127.0.0.1: the form's per-minute limit is not what is tested.
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "1000" });
  });
  afterAll(() => s?.close());

  it("starts with the order's address read-only, and the confirmation mail leads back to the order", async () => {
    const { customer, orderPath, code } = await sentOrder(s);
    // The order's page knows the address it was sent to, and hands it to the sign-up.
    const order = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    expect(order.body.user_email).toBe(customer);

    const b = browser(s.base);
    const { interaction, redirectUri, clientId } = await authorize(s, b, {
      screen_hint: "signup",
      login_hint: customer,
      return_to: orderPath,
    });
    const form = await (await b.request(interaction)).text();
    expect(form).toMatch(new RegExp(`<input id="email"[^>]* value="${customer}" aria-describedby="email-hint" readonly>`));
    expect(form).toContain("Use another address");
    // "Use another address" unlocks it.
    expect(await (await b.request(`${interaction}?mode=signup&email=other`)).text()).not.toContain("readonly");

    const created = await b.form(`${interaction}/signup`, { email: customer, password: "correct horse battery", role: "user" });
    expect(created.status).toBe(303);
    const { access_token: token } = await finish(s, b, created, redirectUri, clientId);
    const claim = () => s.api("/api/orders/claim", { method: "POST", token, body: { code } });
    expect((await claim()).body.error).toBe("email-not-verified");

    const verify = linkIn((await mailTo(s, customer, /Confirm your email/)).text, "/auth/verify/");
    expect(new URL(verify, s.base).searchParams.get("next")).toBe(orderPath);
    const confirmed = await browser(s.base).request(verify);
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain("Email confirmed");
    expect(page).toContain(`<a href="${orderPath}">Back to where you were</a>`);

    const claimed = await claim();
    expect(claimed.status).toBe(200);
    expect(claimed.body.films).toHaveLength(1);
  });

  it("never puts another site in the confirmation mail, nor links to one from the confirmation page", async () => {
    const email = `elsewhere-${randomUUID()}@example.com`;
    const b = browser(s.base);
    const { interaction, redirectUri, clientId } = await authorize(s, b, { screen_hint: "signup", return_to: "//evil.example/order" });
    const created = await b.form(`${interaction}/signup`, { email, password: "correct horse battery", role: "user" });
    await finish(s, b, created, redirectUri, clientId);

    const verify = linkIn((await mailTo(s, email, /Confirm your email/)).text, "/auth/verify/");
    expect(verify).not.toContain("next=");
    const page = await (await browser(s.base).request(`${verify}&next=${encodeURIComponent("https://evil.example/")}`)).text();
    expect(page).toContain("Email confirmed");
    expect(page).not.toContain("evil.example");
  });

  it("takes the address only as a hint: an account made with another one cannot add the order", async () => {
    const { customer, code } = await sentOrder(s);
    const other = `other-${randomUUID()}@example.com`;
    const b = browser(s.base);
    const { interaction, redirectUri, clientId } = await authorize(s, b, { screen_hint: "signup", login_hint: customer });
    const created = await b.form(`${interaction}/signup`, { email: other, password: "correct horse battery", role: "user" });
    expect(created.status).toBe(303);
    const { access_token: token } = await finish(s, b, created, redirectUri, clientId);
    await browser(s.base).request(linkIn((await mailTo(s, other, /Confirm your email/)).text, "/auth/verify/"));

    const refused = await s.api("/api/orders/claim", { method: "POST", token, body: { code } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("order-not-yours");
  });
});
