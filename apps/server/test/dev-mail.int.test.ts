import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type Latent } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { browser, signUp } from "./embedded-sign-in.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { mailTo } from "./outbox-mail.ts";

const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+/auth/${path}/[\\w-]+(\\?lang=[\\w-]+)?`).exec(text)?.[0];
const page = async (base: string, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe.each(DATABASES)("the mail viewer on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("lists a sign-up's confirmation and a password reset at /dev/mail, newest first, each link opening a new tab", async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(s, email);
    const confirmation = await mailTo(s, email, /Confirm your email/);
    await browser(s.base).form("/auth/forgot?lang=en-US", { email });
    const reset = await mailTo(s, email, /Reset/);
    const confirmLink = linkIn(confirmation.text, "verify");
    const resetLink = linkIn(reset.text, "reset");
    expect(confirmLink && resetLink).toBeTruthy();

    const list = await page(s.base, "/dev/mail");
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/^text\/html/);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const html = list.text;
    for (const [mail, link] of [
      [confirmation, confirmLink],
      [reset, resetLink],
    ] as const) {
      expect(html).toContain(`<h2>${mail.subject}</h2>`);
      expect(html).toContain(`<a href="${link}" target="_blank" rel="noopener noreferrer">`);
    }
    expect(html).toContain(`<dd>${email}</dd>`);
    expect(html).toContain("<dd>Latent &lt;no-reply@localhost&gt;</dd>");
    expect(html.indexOf(`<h2>${reset.subject}</h2>`)).toBeLessThan(html.indexOf(`<h2>${confirmation.subject}</h2>`));
    // The link the page shows is the one the mail holds: following it confirms the address.
    expect((await fetch(confirmLink!.replace(/^https?:\/\/[^/]+/, s.base), { redirect: "manual" })).status).toBeLessThan(400);
  });

  it("frames a mail's HTML in a sandbox under a policy without scripts, so a script in a mail never runs", async () => {
    const [mail] = await s.latent.db
      .insertInto("outbox")
      .values({
        to: "victim@example.com",
        subject: "<b>Subject</b>",
        text: "Plain <script>alert(1)</script> https://example.com/plain.",
        html: '<!DOCTYPE html><p>Hi</p><script>parent.document.title = "owned"</script><a href="https://example.com/x">x</a>',
      })
      .returning("id")
      .execute();
    const list = (await page(s.base, "/dev/mail")).text;
    expect(list).toContain(
      `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="/dev/mail/${mail!.id}/html" title="&lt;b&gt;Subject&lt;/b&gt;"`,
    );
    // Nothing of a mail reaches the list's own markup unescaped.
    expect(list).not.toMatch(/<script|<b>Subject/);
    expect(list).toContain("Plain &lt;script&gt;alert(1)&lt;/script&gt; ");
    expect(list).toContain('<a href="https://example.com/plain" target="_blank" rel="noopener noreferrer">https://example.com/plain</a>.');

    const framed = await page(s.base, `/dev/mail/${mail!.id}/html`);
    expect(framed.status).toBe(200);
    const policy = framed.headers.get("content-security-policy")!;
    expect(policy.split("; ")).toEqual(
      expect.arrayContaining(["sandbox allow-popups allow-popups-to-escape-sandbox", "default-src 'none'"]),
    );
    expect(policy).not.toMatch(/allow-scripts|allow-same-origin|script-src|allow-top-navigation|allow-forms/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(framed.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(framed.text).toMatch(/^<!DOCTYPE html><base target="_blank"><p>Hi<\/p>/);

    const plainOnly = await s.latent.db
      .insertInto("outbox")
      .values({ to: "a@example.com", subject: "text only", text: "no html" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await page(s.base, `/dev/mail/${plainOnly.id}/html`)).status).toBe(404);
  });

  it("answers 404 to a request that came through a proxy: the outbox holds other people's links", async () => {
    expect((await page(s.base, "/dev/mail", { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
    expect((await page(s.base, "/dev/mail", { forwarded: "for=203.0.113.9" })).status).toBe(404);
  });
});

describe("the mail viewer elsewhere", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it.each([
    ["SMTP_URL is set", { SMTP_URL: "smtp://127.0.0.1:9" }],
    ["PUBLIC_URL is another machine's", { PUBLIC_URL: "https://latent.example" }],
  ])("does not exist when %s (404)", async (_when, env) => {
    const s = await startServer("pglite", env);
    servers.push(s);
    const [mail] = await s.latent.db
      .insertInto("outbox")
      .values({ to: "a@example.com", subject: "s", text: "t", html: "<p>h</p>" })
      .returning("id")
      .execute();
    for (const path of ["/dev/mail", `/dev/mail/${mail!.id}/html`]) {
      const res = await page(s.base, path, { accept: "text/html" });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("<p>h</p>");
    }
  });
});

// What the log shows does not depend on the database: PGlite only.
describe("the console on a development machine", () => {
  let latent: Latent;
  let base: string;
  let dataDir: string;
  const raw: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "latent-dev-mail-"));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIST: join(dataDir, "no-web") });
    latent = await buildApp(config, { logStream: { write: (line) => void raw.push(line) } });
    base = (await latent.app.listen({ port: 0, host: "127.0.0.1" })).replace("[::1]", "127.0.0.1");
  });
  afterAll(async () => {
    await latent?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("prints each stored mail's recipient, subject and first link, with the viewer's address, at info", async () => {
    const email = `${randomUUID()}@example.com`;
    await latent.identity.accounts!.create({ id: randomUUID(), email, password: "a long passphrase", role: "user", locale: "en-US" });
    await browser(base).form("/auth/forgot?lang=en-US", { email });
    const line = async () => raw.map((l) => JSON.parse(l)).find((l) => l.to === email);
    await expect.poll(line).toBeTruthy();
    const found = await line();
    expect(found).toMatchObject({ level: 30, subject: "Reset your Latent password" });
    expect(found.link).toMatch(/^http:\/\/localhost:3000\/auth\/reset\//);
    expect(found.msg).toBe(`mail to ${email}: "Reset your Latent password" ${found.link} (read it at http://localhost:3000/dev/mail)`);
  });
});
