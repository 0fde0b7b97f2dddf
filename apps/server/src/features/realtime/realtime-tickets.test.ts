import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/schema.ts";
import { createTicketIssuer } from "./realtime-tickets.ts";

/** The feed's tickets with a clock the test moves; the API tests (test/realtime.int.test.ts) cover the feed itself. */
describe("realtime feed tickets", () => {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
  let clock = T0;
  const active = new Set<string>();
  const tickets = createTicketIssuer("a-secret", db, { isActive: async (grant) => active.has(grant) }, () => clock);
  const usedTickets = async () => (await db.selectFrom("realtime_used_tickets").select("nonce").execute()).length;

  beforeAll(async () => {
    // The table as migration 0004 makes it; the other tables of that migration play no part here.
    await sql`create table realtime_used_tickets (nonce text primary key, expires_at timestamptz not null)`.execute(db);
  });
  beforeEach(async () => {
    clock = T0;
    active.clear();
    await db.deleteFrom("realtime_used_tickets").execute();
  });
  afterAll(() => db.destroy());

  it("opens its own roll, with no end and no share link, once: the same ticket is refused the second time", async () => {
    const { ticket } = tickets.issue("roll-a");
    expect(await tickets.redeem(ticket, "roll-b")).toBeNull();
    expect(await tickets.redeem(ticket, "roll-a")).toEqual({ until: null, grant: null });
    expect(await tickets.redeem(ticket, "roll-a")).toBeNull();
  });

  it("refuses a ticket rewritten for another roll, truncated, lengthened or missing, and never fails on one", async () => {
    const { ticket } = tickets.issue("roll-a");
    const [, ...rest] = ticket.split(".");
    expect(await tickets.redeem(["roll-b", ...rest].join("."), "roll-b")).toBeNull();
    expect(await tickets.redeem(ticket.slice(0, -3), "roll-a")).toBeNull();
    expect(await tickets.redeem(ticket.split(".").slice(0, 5).join("."), "roll-a")).toBeNull();
    expect(await tickets.redeem(`${ticket}.extra`, "roll-a")).toBeNull();
    expect(await tickets.redeem(undefined, "roll-a")).toBeNull();
    expect(await tickets.redeem(ticket, "roll-a")).not.toBeNull();
  });

  it("issued under a share link ending within its minute, opens until the link's last instant and nothing from its end", async () => {
    const linkEnds = T0 + 30_000;
    const before = tickets.issue("roll-a", { until: linkEnds });
    const atEnd = tickets.issue("roll-a", { until: linkEnds });
    clock = linkEnds - 1;
    expect(await tickets.redeem(before.ticket, "roll-a")).toEqual({ until: linkEnds, grant: null });
    clock = linkEnds;
    expect(await tickets.redeem(atEnd.ticket, "roll-a")).toBeNull();
  });

  it("issued under a share link, opens while the link holds and nothing once it is revoked", async () => {
    active.add("share:abc");
    const first = tickets.issue("roll-a", { grant: "share:abc" });
    const second = tickets.issue("roll-a", { grant: "share:abc" });
    expect(await tickets.redeem(first.ticket, "roll-a")).toEqual({ until: null, grant: "share:abc" });
    active.delete("share:abc");
    expect(await tickets.redeem(second.ticket, "roll-a")).toBeNull();
  });

  it("stays used through the hourly housekeeping for as long as it could be presented, and is forgotten after", async () => {
    const { ticket } = tickets.issue("roll-a");
    expect(await tickets.redeem(ticket, "roll-a")).not.toBeNull();
    clock = T0 + 59_000;
    await tickets.prune();
    expect(await tickets.redeem(ticket, "roll-a")).toBeNull();
    expect(await usedTickets()).toBe(1);
    clock = T0 + 61_000;
    await tickets.prune();
    expect(await usedTickets()).toBe(0);
  });
});
