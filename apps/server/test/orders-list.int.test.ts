import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * The lab's orders list at volume (issue 30): keyset pages newest first whose next page is in the Link header, pages
 * that neither skip nor repeat while orders keep arriving, search by reference, customer and email, a cursor that is
 * not one refused, and nothing of another lab's.
 */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe.each(DATABASES)("the lab's orders list on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const newLab = () => s.token({ sub: randomUUID(), role: "lab" });
  const newOrder = async (token: string, body: Record<string, unknown>) => {
    const res = await s.api("/api/orders", { method: "POST", token, body });
    expect(res.status).toBe(201);
    return res.body as { id: string; created_at: string };
  };
  const importCsv = async (token: string, csv: string) => {
    const res = await fetch(`${s.base}/api/orders/import?dry_run=false`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
      body: csv,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { counts: { created: number } };
  };
  /** The path of the Link header's next page, or null on the last page. */
  const nextOf = (headers: Headers) => {
    const link = headers.get("link");
    if (!link) return null;
    const match = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(match, link).not.toBeNull();
    return match![1]!;
  };
  /** Every page from `path` on, following Link; `between` runs after each page. */
  const walk = async (token: string, path: string, between: () => Promise<void> = async () => {}) => {
    const pages: string[][] = [];
    let next: string | null = path;
    while (next) {
      const res = await s.api(next, { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      pages.push(res.body.map((o: { id: string }) => o.id));
      next = nextOf(res.headers);
      await between();
    }
    return pages;
  };

  it("pages through every order once, newest first, while new orders arrive between pages", async () => {
    const lab = await newLab();
    for (let i = 0; i < 9; i++) await newOrder(lab, { reference: `P-${i}`, user_name: `Customer ${i}`, user_email: `p${i}@example.com` });
    // Seven orders made in one transaction share their creation instant: the id orders them.
    await importCsv(
      lab,
      `reference,customer name,email\n${[...Array(7)].map((_, i) => `T-${i},Tied ${i},t${i}@example.com`).join("\n")}\n`,
    );
    const all = await s.api("/api/orders?limit=200", { token: lab });
    expect(all.body).toHaveLength(16);
    expect(all.headers.get("link")).toBeNull();
    const created = all.body.map((o: { created_at: string }) => o.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    let extra = 0;
    const pages = await walk(lab, "/api/orders?limit=3", async () => {
      await newOrder(lab, { reference: `NEW-${extra++}`, user_name: "Late", user_email: "late@example.com" });
    });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 3, 3, 1]);
    const seen = pages.flat();
    expect(seen).toEqual(all.body.map((o: { id: string }) => o.id));
    expect(new Set(seen).size).toBe(seen.length);
    // The orders made meanwhile are newer: the first page of a fresh list has them.
    const fresh = await s.api("/api/orders?limit=3", { token: lab });
    expect(fresh.body.map((o: { reference: string }) => o.reference)).toEqual([`NEW-${extra - 1}`, `NEW-${extra - 2}`, `NEW-${extra - 3}`]);
  });

  it("keeps the status, search and page size in the next page's link, and answers 50 orders unless asked", async () => {
    const lab = await newLab();
    await importCsv(
      lab,
      `reference,customer name,email\n${[...Array(55)].map((_, i) => `S-${i},Bulk ${i},b${i}@example.com`).join("\n")}\n`,
    );
    const first = await s.api("/api/orders", { token: lab });
    expect(first.body).toHaveLength(50);
    const next = nextOf(first.headers)!;
    expect(next).toMatch(/^\/api\/orders\?after=/);
    expect((await s.api(next, { token: lab })).body).toHaveLength(5);

    const filtered = await s.api("/api/orders?status=created&search=bulk&limit=20", { token: lab });
    const link = new URL(nextOf(filtered.headers)!, s.base);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ status: "created", search: "bulk", limit: "20" });
    const pages = await walk(lab, "/api/orders?status=created&search=bulk&limit=20");
    expect(pages.map((p) => p.length)).toEqual([20, 20, 15]);
    expect((await s.api("/api/orders?status=sent", { token: lab })).body).toEqual([]);
  });

  it("finds orders by a word of their reference, the customer's name or email, ignoring accents and capitals", async () => {
    const lab = await newLab();
    const a = await newOrder(lab, { reference: "ORD-7731", user_name: "María Núñez", user_email: "photo.lover@studio.example" });
    const b = await newOrder(lab, { reference: "LAB/2024/88", user_name: "Joan Miró", user_email: "joan@miro.example" });
    const c = await newOrder(lab, { reference: "X1", user_name: "Ada Lovelace", user_email: "ada@example.com" });
    const ids = async (search: string) =>
      (await s.api(`/api/orders?search=${encodeURIComponent(search)}`, { token: lab })).body.map((o: { id: string }) => o.id);

    expect(await ids("ord-7731")).toEqual([a.id]);
    expect(await ids("7731")).toEqual([a.id]);
    expect(await ids("2024")).toEqual([b.id]);
    expect(await ids("lab/2024/88")).toEqual([b.id]);
    expect(await ids("maria")).toEqual([a.id]);
    expect(await ids("NUÑEZ")).toEqual([a.id]);
    expect(await ids("nun")).toEqual([a.id]);
    expect(await ids("miro joan")).toEqual([b.id]);
    expect(await ids("photo.lover@studio.example")).toEqual([a.id]);
    expect(await ids("studio")).toEqual([a.id]);
    expect(await ids("ADA@EXAMPLE.COM")).toEqual([c.id]);
    expect(await ids("example.com")).toEqual([c.id]);
    expect(await ids("example")).toEqual([c.id, b.id, a.id]);
    expect(await ids("lovelace zzz")).toEqual([]);
    expect(await ids("nobody")).toEqual([]);
  });

  it("refuses a cursor it did not give, and a page size out of range, with 400", async () => {
    const lab = await newLab();
    const bad = async (query: string, message: RegExp) => {
      const res = await s.api(`/api/orders?${query}`, { token: lab });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(res.body.message).toMatch(message);
    };
    await bad("after=not%20a%20cursor!", /^after: the cursor is not a position this list gave/);
    await bad("after=bm90IGpzb24", /^after: the cursor is not a position this list gave/);
    await bad(`after=${b64(["newest", "2026-02-30T10:00:00.000000Z", randomUUID()])}`, /not a position/);
    await bad(`after=${b64(["newest", "2026-02-03T10:00:00.000000Z", "not-an-id"])}`, /not a position/);
    await bad(`after=${b64(["name", "x", randomUUID()])}`, /not a position/);
    await bad("limit=0", /^limit/);
    await bad("limit=201", /^limit/);
    // A well-formed cursor pages from its position.
    const ok = await s.api(`/api/orders?after=${b64(["newest", "2999-01-01T00:00:00.000000Z", randomUUID()])}`, { token: lab });
    expect(ok.status).toBe(200);
  });

  it("never shows another lab's orders, whatever the search or cursor", async () => {
    const mine = await newLab();
    const theirs = await newLab();
    const own = await newOrder(mine, { reference: "SHARED-REF", user_name: "Same Name", user_email: "same@example.com" });
    const other = await newOrder(theirs, { reference: "SHARED-REF", user_name: "Same Name", user_email: "same@example.com" });
    for (const search of ["shared-ref", "same", "same@example.com"]) {
      const res = await s.api(`/api/orders?search=${encodeURIComponent(search)}`, { token: mine });
      expect(res.body.map((o: { id: string }) => o.id)).toEqual([own.id]);
    }
    // A cursor from this lab's page, used by the other lab, pages through the other lab's orders only.
    const page = await s.api("/api/orders?limit=1", { token: theirs });
    const cursor = b64(["newest", "2999-01-01T00:00:00.000000Z", randomUUID()]);
    const res = await s.api(`/api/orders?after=${cursor}`, { token: theirs });
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([other.id]);
    expect(page.body.map((o: { id: string }) => o.id)).toEqual([other.id]);
  });

  it("documents the next page's Link header in the OpenAPI document", async () => {
    const doc = (await s.api("/api/openapi.json")).body;
    const get = doc.paths["/api/orders"].get;
    expect(get.responses["200"].headers.Link.description).toMatch(/rel="next"/);
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["limit", "after", "search", "status"]));
  });
});
