import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

const SENDER = "no-reply@latent.test";

/** The header lines of a raw message, unfolded: what a mail client would read as headers. */
const headerLines = (raw: string) =>
  raw
    .slice(0, raw.search(/\r?\n\r?\n/))
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/);

describe.each(DATABASES)("the order mail through SMTP on %s", (kind) => {
  let smtp: SmtpCapture;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    s = await startServer(kind, { SMTP_URL: smtp.url, MAIL_FROM: `Latent <${SENDER}>` });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it("comes from the lab's name at the server's own address, and replies go to the lab's contact email", async () => {
    const lab = await labWithOrder(s, { name: "Foto Lab Sants", contact_email: "hola@fotolabsants.example" });
    expect((await lab.send()).status).toBe(200);

    const mail = await smtp.next(lab.customer);
    expect(mail.headers.from).toBe(`Foto Lab Sants via Latent <${SENDER}>`);
    expect(mail.headers["reply-to"]).toBe("hola@fotolabsants.example");
    expect(mail.to).toEqual([lab.customer]);
  });

  it("quotes or encodes a name with quotes, commas and accents, so it stays one display name", async () => {
    const lab = await labWithOrder(s, { name: 'Laboratori "L\'Àlbum", Gràcia', contact_email: "album@example.com" });
    await lab.send();

    const mail = await smtp.next(lab.customer);
    const from = headerLines(mail.raw).filter((line) => /^from:/i.test(line));
    expect(from).toHaveLength(1);
    // One mailbox: the name is a single quoted string or encoded word, so its comma splits no address list.
    expect(from[0]).toMatch(new RegExp(`^From: ((=\\?UTF-8\\?[QB]\\?[^ ?]+\\?= ?)+|"(\\\\.|[^"\\\\])*") <${SENDER}>$`, "i"));
    expect(mail.headers.from).toContain('Laboratori "L\'Àlbum", Gràcia via Latent');
  });

  it("turns line breaks in a lab's name into spaces: they add no header and no recipient", async () => {
    const lab = await labWithOrder(s, { name: "Evil Lab\r\nBcc: victim@example.com\r\nX-Injected: yes" });
    expect((await lab.send()).status).toBe(200);

    const mail = await smtp.next(lab.customer);
    expect(mail.to).toEqual([lab.customer]);
    const lines = headerLines(mail.raw);
    expect(lines.some((line) => /^(bcc|x-injected):/i.test(line))).toBe(false);
    // The colon makes the library quote the name: still one mailbox, at the server's address.
    expect(mail.headers.from).toBe(`"Evil Lab Bcc: victim@example.com X-Injected: yes via Latent" <${SENDER}>`);
  });

  it("sends replies to the lab account's own address while the lab has given no contact email", async () => {
    const lab = await labWithOrder(s, { name: "Foto Lab Sants" });
    await lab.send();
    expect((await smtp.next(lab.customer)).headers["reply-to"]).toBe(lab.email);
  });
});

describe.each(DATABASES)("a lab's contact email on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("is saved, shown to the lab alone, cleared with an empty value, and refused when it is no address", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `lab-${sub}@example.com`, role: "lab" });
    expect((await s.api(`/api/labs/${sub}`, { token })).body.contact_email).toBeNull();

    const saved = await s.api("/api/labs", {
      method: "PUT",
      token,
      body: { name: "Foto Lab Sants", contact_email: " Hola@Sants.example " },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.contact_email).toBe("Hola@Sants.example");
    expect((await s.api(`/api/labs/${sub}`, { token })).body.contact_email).toBe("Hola@Sants.example");

    const visitor = await s.token({ role: "user" });
    expect((await s.api(`/api/labs/${sub}`, { token: visitor })).body).not.toHaveProperty("contact_email");

    for (const bad of ["not an address", "hola@sants.example\r\nBcc: victim@example.com", "a@b.example, c@d.example"]) {
      const refused = await s.api("/api/labs", { method: "PUT", token, body: { contact_email: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: "bad-request",
        message: "contact_email: Enter an email address, such as name@example.com",
      });
    }
    expect((await s.api(`/api/labs/${sub}`, { token })).body.contact_email).toBe("Hola@Sants.example");

    const cleared = await s.api("/api/labs", { method: "PUT", token, body: { contact_email: "" } });
    expect(cleared.body.contact_email).toBeNull();
  });

  it("is documented in the OpenAPI: the lab's own view carries it, PUT labs/ names it", async () => {
    const spec = (await s.api("/api/openapi.json")).body;
    const put = spec.paths["/api/labs"].put;
    expect(put.description).toContain("contact_email");
    expect(JSON.stringify(put.responses["200"])).toContain('"contact_email"');
  });

  it("goes with the lab's display name into the outbox when no SMTP server is set", async () => {
    const lab = await labWithOrder(s, { name: "Foto Lab Sants", contact_email: "hola@sants.example" });
    expect((await lab.send()).status).toBe(200);
    const kept = await s.latent.db.selectFrom("outbox").select(["from_name", "reply_to"]).where("to", "=", lab.customer).execute();
    expect(kept).toEqual([{ from_name: "Foto Lab Sants via Latent", reply_to: "hola@sants.example" }]);
  });
});
