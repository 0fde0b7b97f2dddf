import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { roll } from "./film-fixtures.ts";
import { startServer, type TestServer } from "./harness.ts";

/**
 * PostgreSQL ends a server's idle connections when it restarts, or when an operator ends them
 * (`pg_terminate_backend`). The server must drop those connections, open others, and go on answering.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the server's PostgreSQL connections", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("postgres");
  });
  afterAll(async () => s?.close());

  it("answers as before after PostgreSQL ended every connection it held idle", async () => {
    const token = await s.token();
    expect((await s.api("/api/user/privacy-policy", { method: "POST", token })).status).toBe(200);
    const made = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(made.status).toBe(201);

    // Ten queries at once take the pool's ten connections; each says which backend it runs on.
    const pids = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(s.latent.db);
        return rows[0]!.pid;
      }),
    );
    const ended = [...new Set(pids)];
    expect(ended.length).toBeGreaterThan(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>("select pg_terminate_backend(pid) as ended from unnest($1::int[]) as pid", [
        ended,
      ]);
      expect(rows.every((r) => r.ended)).toBe(true);
      // Gone from PostgreSQL: their ends have been sent to the server, which reads them before the next request.
      await vi.waitFor(async () => {
        const left = await admin.query("select 1 from pg_stat_activity where pid = any($1::int[])", [ended]);
        expect(left.rowCount).toBe(0);
      });
    } finally {
      await admin.end();
    }

    const list = await s.api("/api/film", { token });
    expect(list.status).toBe(200);
    expect(list.body.map((f: { id: string }) => f.id)).toContain(made.body.id);
    expect((await s.api(`/api/film/${made.body.id}`, { token })).status).toBe(200);
  });
});
