import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Issue 30: an order waiting for its customer (a hot folder's sub-folder no order claims, or a lab that does not know
 * the email yet). Made without an email, it is listed, found by its reference, shared; sending it and a customer's
 * claim wait until the lab fills the email in.
 */

async function signIn(s: TestServer, role: "lab" | "user", email = `${randomUUID()}@example.com`) {
  const sub = randomUUID();
  const token = await s.token({ sub, email, role });
  if (role === "user") await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { sub, email, token };
}

describe.each(DATABASES)("an order waiting for its customer on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const mailsTo = (to: string) => s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).execute();

  it("is made without an email, listed and found by reference, shared, refused on send until the lab adds the email, then sent and claimed", async () => {
    const lab = await signIn(s, "lab");
    const made = await s.api("/api/orders", { method: "POST", token: lab.token, body: { reference: "Walk-in 12" } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ reference: "Walk-in 12", user_name: "", user_email: null, status: "created" });
    const id = made.body.id as string;

    // Listed, and found by its reference's words though it has no email to index.
    const listed = await s.api("/api/orders", { token: lab.token });
    expect(listed.body.map((o: { id: string }) => o.id)).toContain(id);
    const found = await s.api(`/api/orders?search=${encodeURIComponent("walk-in 12")}`, { token: lab.token });
    expect(found.status).toBe(200);
    expect(found.body.map((o: { id: string }) => o.id)).toEqual([id]);

    const film = (await s.api(`/api/orders/${id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    await upload(s, lab.token, film.id, 1, await jpeg(320, 240));
    await waitForShots(s, lab.token, film.id, 1);

    // Shared: its link opens, and says there is no address to sign up with.
    const shared = await s.api(`/api/orders/${id}/share`, { method: "POST", token: lab.token });
    expect(shared.status).toBe(200);
    const opened = await s.api("/api/public/order", { headers: { authorization: `Bearer ${shared.body.code}` } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ reference: "Walk-in 12", user_email: null, claimed: false });

    // Nobody's yet: a signed-in photographer cannot add its rolls.
    const stranger = await signIn(s, "user");
    const claimed = await s.api("/api/orders/claim", { method: "POST", token: stranger.token, body: { code: shared.body.code } });
    expect(claimed.status).toBe(403);
    expect(claimed.body.error).toBe("order-not-yours");

    // Not sent: there is no one to mail, and the order stays shared.
    const refused = await s.api(`/api/orders/${id}/send`, { method: "POST", token: lab.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("order-no-customer-email");
    expect((await s.api(`/api/orders/${id}`, { token: lab.token })).body).toMatchObject({ status: "shared", sent_at: null });

    // The lab fills the customer in; the email is kept lower-cased, and the order is found by it.
    const customer = await signIn(s, "user");
    const filled = await s.api(`/api/orders/${id}`, {
      method: "PUT",
      token: lab.token,
      body: { user_name: "Ana García", user_email: customer.email.toUpperCase() },
    });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ user_name: "Ana García", user_email: customer.email, reference: "Walk-in 12" });
    const byEmail = await s.api(`/api/orders?search=${encodeURIComponent(customer.email)}`, { token: lab.token });
    expect(byEmail.body.map((o: { id: string }) => o.id)).toEqual([id]);

    const sent = await s.api(`/api/orders/${id}/send`, { method: "POST", token: lab.token });
    expect(sent.status).toBe(200);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    expect((await s.api(`/api/orders/${id}`, { token: lab.token })).body.status).toBe("sent");
    const collected = await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code: sent.body.code } });
    expect(collected.status).toBe(200);
    expect(collected.body.films).toHaveLength(1);
  });

  it("takes a null email as none, refuses an empty one or an empty name, and a null email in an edit puts the order back to waiting", async () => {
    const lab = await signIn(s, "lab");
    const made = await s.api("/api/orders", {
      method: "POST",
      token: lab.token,
      body: { reference: "W-13", user_name: "Joan", user_email: null, user_phone: "+34 600 000 000" },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ user_name: "Joan", user_email: null });
    const id = made.body.id as string;

    for (const body of [
      { reference: "W-14", user_email: "" },
      { reference: "W-14", user_name: "" },
    ]) {
      const bad = await s.api("/api/orders", { method: "POST", token: lab.token, body });
      expect(bad.status).toBe(400);
    }

    const email = `${randomUUID()}@example.com`;
    expect((await s.api(`/api/orders/${id}`, { method: "PUT", token: lab.token, body: { user_email: email } })).body.user_email).toBe(
      email,
    );
    // An edit changes only what it names: the name and phone stay.
    const back = await s.api(`/api/orders/${id}`, { method: "PUT", token: lab.token, body: { user_email: null } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ user_name: "Joan", user_email: null, user_phone: "+34 600 000 000" });
    const refused = await s.api(`/api/orders/${id}/send`, { method: "POST", token: lab.token });
    expect(refused.body.error).toBe("order-no-customer-email");
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("documents the refusal on the send route", async () => {
    const doc = (await s.api("/api/openapi.json")).body;
    const send = doc.paths["/api/orders/{id}/send"].post;
    expect(send.responses["409"].description).toContain("order-no-customer-email");
  });
});
