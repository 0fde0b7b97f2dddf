import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TestServer } from "./harness.ts";

/** The sandbox's test card that pays. */
export const SUCCESS_CARD = "4242 4242 4242 4242";
export const ADDRESS = { line1: "Carrer de Mallorca 401", city: "Barcelona", postal_code: "08013", country: "ES" };

/** A photographer who accepted the privacy policy and, unless told otherwise, has a shipping address. */
export async function shopBuyer(s: TestServer, address: object | null = ADDRESS) {
  const sub = randomUUID();
  const token = await s.token({ sub, email: `${sub}@example.com` });
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  if (address) expect((await s.api("/api/user", { method: "PUT", token, body: { shipping: address } })).status).toBe(200);
  return { sub, token };
}

/** Opens a payment checkout of a shipment as it stands, at one of its rates. */
export const shipmentCheckout = (
  s: TestServer,
  token: string,
  ship: { id: string; items: { item_id: string; quantity: number }[] },
  rate: string,
) =>
  s.api("/api/purchases/checkout", {
    method: "POST",
    token,
    body: {
      mode: "payment",
      items: ship.items.map((l) => ({ price_id: l.item_id, quantity: l.quantity })),
      shipment_id: ship.id,
      rate,
      currency: "eur",
      return_path: `shop/shipment/${ship.id}`,
    },
  });

/** Pays on the sandbox's checkout page, which delivers the provider's events before it answers. */
export const payOnSandboxPage = (s: TestServer, url: string, card = SUCCESS_CARD) =>
  fetch(`${s.base}${new URL(url).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card, expiry: "12/34", cvc: "123" }).toString(),
  });
