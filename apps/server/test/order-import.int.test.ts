import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * A lab's orders from a CSV (issue 30): a preview that creates nothing and says what is wrong with each row, a commit
 * that creates exactly the valid rows (once: a reference the lab has is refused), spreadsheets' own habits
 * (semicolons, a BOM, localized headers, Windows text), files too large, and nothing of another lab's touched.
 */

const HEADER = "reference,customer name,email,phone,rolls";

describe.each(DATABASES)("importing a lab's orders from a CSV on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const newLab = () => s.token({ sub: randomUUID(), role: "lab" });
  const post = async (token: string, body: string | Buffer | FormData, options: { dryRun?: boolean; type?: string } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (!(body instanceof FormData)) headers["content-type"] = options.type ?? "text/csv";
    const query = options.dryRun === undefined ? "" : `?dry_run=${options.dryRun}`;
    const res = await fetch(`${s.base}/api/orders/import${query}`, { method: "POST", headers, body });
    // biome-ignore lint/suspicious/noExplicitAny: the answer is inspected field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const orders = async (token: string) => (await s.api("/api/orders?limit=200", { token })).body as Record<string, unknown>[];
  const errorsOf = (body: { rows: { line: number; errors: { field: string; code: string }[] }[] }) =>
    Object.fromEntries(body.rows.map((row) => [row.line, row.errors.map((e) => `${e.field}:${e.code}`)]));

  it("previews every row with its values and errors, and creates nothing", async () => {
    const lab = await newLab();
    await s.api("/api/orders", { method: "POST", token: lab, body: { reference: "A-9", user_name: "Had", user_email: "had@example.com" } });
    const csv = [
      HEADER,
      "A-1,Ada Lovelace,ada@example.com,+34 600 000 001,2",
      "A-2,Joan Miró,not-an-email,,1",
      "A-3,,grace@example.com,,",
      "A-4,Alan Turing,alan@example.com,call me,120",
      "a-1,Ada Again,ada2@example.com,,two",
      "a-9,Existing,existing@example.com,,0",
      `${"R".repeat(101)},Long Ref,long@example.com,,3`,
      ",No Reference,noref@example.com,,",
    ].join("\n");
    const res = await post(lab, csv);
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.separator).toBe(",");
    expect(res.body.columns).toEqual({
      reference: "reference",
      user_name: "customer name",
      user_email: "email",
      user_phone: "phone",
      rolls: "rolls",
    });
    expect(res.body.rows[0]).toEqual({
      line: 2,
      reference: "A-1",
      user_name: "Ada Lovelace",
      user_email: "ada@example.com",
      user_phone: "+34 600 000 001",
      rolls: 2,
      errors: [],
      order_id: null,
    });
    expect(errorsOf(res.body)).toEqual({
      2: [],
      3: ["user_email:invalid-email"],
      4: ["user_name:missing"],
      5: ["user_phone:invalid-phone", "rolls:invalid-rolls"],
      6: ["rolls:invalid-rolls", "reference:duplicate-in-file"],
      7: ["reference:order-exists"],
      8: ["reference:too-long"],
      9: ["reference:missing"],
    });
    expect(res.body.counts).toEqual({ rows: 8, valid: 1, created: 0, skipped: 7 });
    expect((await orders(lab)).map((o) => o.reference)).toEqual(["A-9"]);
  });

  it("creates exactly the valid rows' orders, with their rolls expected, and answers which order each became", async () => {
    const lab = await newLab();
    const csv = [
      HEADER,
      "B-1,Ada Lovelace,Ada@Example.com,+34 600 000 001,2",
      "B-2,Bad Mail,nope,,1",
      "B-3,Grace Hopper,grace@example.com,,",
      "B-4,Zero Rolls,zero@example.com,,0",
    ].join("\r\n");
    const res = await post(lab, csv, { dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(false);
    expect(res.body.counts).toEqual({ rows: 4, valid: 3, created: 3, skipped: 1 });
    const made = await orders(lab);
    expect(made).toHaveLength(3);
    const byRef = Object.fromEntries(made.map((o) => [o.reference, o]));
    expect(byRef["B-1"]).toMatchObject({
      user_name: "Ada Lovelace",
      user_email: "ada@example.com",
      user_phone: "+34 600 000 001",
      rolls_expected: 2,
      status: "created",
      source: "manual",
      films: [],
    });
    expect(byRef["B-3"]).toMatchObject({ rolls_expected: null, user_phone: "" });
    expect(byRef["B-4"]).toMatchObject({ rolls_expected: 0 });
    expect(res.body.rows.map((r: { reference: string; order_id: string | null }) => [r.reference, r.order_id])).toEqual([
      ["B-1", byRef["B-1"]!.id],
      ["B-2", null],
      ["B-3", byRef["B-3"]!.id],
      ["B-4", byRef["B-4"]!.id],
    ]);
    // Each one is a full order of the lab's.
    expect((await s.api(`/api/orders/${byRef["B-1"]!.id}`, { token: lab })).status).toBe(200);
  });

  it("imports a file once: sent again, every row is an order the lab already has", async () => {
    const lab = await newLab();
    const csv = `${HEADER}\nC-1,One,one@example.com,,1\nC-2,Two,two@example.com,,1\n`;
    expect((await post(lab, csv, { dryRun: false })).body.counts.created).toBe(2);
    const again = await post(lab, csv.replace("C-1", "c-1"), { dryRun: false });
    expect(again.body.counts).toEqual({ rows: 2, valid: 0, created: 0, skipped: 2 });
    expect(errorsOf(again.body)).toEqual({ 2: ["reference:order-exists"], 3: ["reference:order-exists"] });
    expect(await orders(lab)).toHaveLength(2);
  });

  it("leaves another lab untouched, and lets it import the same references", async () => {
    const lab = await newLab();
    const other = await newLab();
    const csv = `${HEADER}\nD-1,One,one@example.com,,1\n`;
    expect((await post(lab, csv, { dryRun: false })).body.counts.created).toBe(1);
    expect(await orders(other)).toEqual([]);
    const theirs = await post(other, csv, { dryRun: false });
    expect(theirs.body.counts.created).toBe(1);
    expect((await orders(other)).map((o) => o.lab_id)).toEqual([expect.not.stringMatching(/^$/)]);
    expect(await orders(lab)).toHaveLength(1);
  });

  it("reads a semicolon-separated export with a BOM and localized headers, in UTF-8 or Windows text, as a body or a form's file", async () => {
    const lab = await newLab();
    const csv =
      '\uFEFFReferencia;Nombre del cliente;Correo electrónico;Teléfono;Nº de carretes\r\nE-1;José Núñez;jose@example.com;+34 600 000 002;3\r\nE-2;"Smith; Jane";jane@example.com;;1\r\n';
    const res = await post(lab, csv);
    expect(res.body.separator).toBe(";");
    expect(res.body.columns).toMatchObject({ reference: "Referencia", user_email: "Correo electrónico", rolls: null });
    expect(res.body.rows.map((r: { user_name: string }) => r.user_name)).toEqual(["José Núñez", "Smith; Jane"]);
    expect(res.body.counts.valid).toBe(2);

    const french = "Référence;Nom du client;Courriel;Téléphone;Pellicules\r\nF-1;Amélie Poulain;amelie@example.com;;2\r\n";
    const latin1 = await post(lab, Buffer.from(french, "latin1"));
    expect(latin1.body.rows[0]).toMatchObject({ reference: "F-1", user_name: "Amélie Poulain", rolls: 2, errors: [] });

    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "orders.csv");
    const committed = await post(lab, form, { dryRun: false });
    expect(committed.body.counts.created).toBe(2);
    expect((await orders(lab)).map((o) => o.reference).sort()).toEqual(["E-1", "E-2"]);
  });

  it("refuses what is not an import with a message: no columns, no rows, no CSV, too large", async () => {
    const lab = await newLab();
    const refused = async (body: string | Buffer | FormData, status: number, error: string, message?: RegExp) => {
      const res = await post(lab, body, { dryRun: false });
      expect(res.status).toBe(status);
      expect(res.body.error).toBe(error);
      if (message) expect(res.body.message).toMatch(message);
    };
    await refused(
      "customer,telephone\nAda,600000000\n",
      400,
      "order-import-columns-missing",
      /lacks the columns reference, email \(found: customer, telephone\)/,
    );
    await refused(`${HEADER}\n`, 400, "order-import-empty");
    await refused(`${HEADER}\n,,,,\n ,, ,,\n`, 400, "order-import-empty");
    await refused(`${HEADER}\n"A-1,Ada,ada@example.com\n`, 400, "order-import-unreadable", /Quote Not Closed/i);
    await refused("", 400, "order-import-empty");
    const rows = [...Array(2001)].map((_, i) => `G-${i},Name ${i},g${i}@example.com,,1`);
    await refused(`${HEADER}\n${rows.join("\n")}\n`, 413, "order-import-too-large", /2001 orders; an import holds at most 2000/);
    const huge = `${HEADER}\n${"X-1,Name,x@example.com,,1,".padEnd(2 * 1024 * 1024 + 10, "x")}\n`;
    await refused(huge, 413, "order-import-too-large", /at most 2,000 orders and 2 MB/);
    const form = new FormData();
    form.set("file", new Blob([huge], { type: "text/csv" }), "big.csv");
    await refused(form, 413, "order-import-too-large");
    expect(await orders(lab)).toEqual([]);
  });

  it("is a lab's alone: a photographer is refused", async () => {
    const user = await s.token({ sub: randomUUID(), role: "user" });
    const res = await post(user, `${HEADER}\nH-1,One,one@example.com,,1\n`);
    expect(res.status).toBe(403);
  });
});
