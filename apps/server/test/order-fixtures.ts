import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import type { TestServer } from "./harness.ts";

/** A lab with a profile, and an order for `customer` holding one roll with one finished scan, ready to send. */
export async function labWithOrder(s: TestServer, profile: Record<string, unknown>, customer = `${randomUUID()}@example.com`) {
  const sub = randomUUID();
  const email = `lab-${sub}@example.com`;
  const token = await s.token({ sub, email, role: "lab" });
  const saved = await s.api("/api/labs", { method: "PUT", token, body: profile });
  expect(saved.status).toBe(200);
  const order = await s.api("/api/orders", {
    method: "POST",
    token,
    body: { reference: "#77", user_name: "Ana García", user_email: customer, user_phone: "" },
  });
  expect(order.status).toBe(201);
  const film = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token, body: roll });
  await upload(s, token, film.body.id, 1, await jpeg(320, 240));
  await waitForShots(s, token, film.body.id, 1);
  const send = () => s.api(`/api/orders/${order.body.id}/send?expiration=1440`, { method: "POST", token });
  return { sub, email, token, customer, orderId: order.body.id as string, send };
}
