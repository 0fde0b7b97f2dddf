import { randomBytes, randomUUID } from "node:crypto";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roll } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { payOnSandboxPage, shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

/**
 * The sticker rules' edges that shop.int.test.ts leaves open: two links racing into the unique index, another
 * photographer's roll unlinked, a short id drawn twice while a shipment's stickers are made, the order they are made
 * in, and the sheet of a paid shipment whose stickers are not made yet. A server of its own: these tests add triggers.
 */
describe.each(DATABASES)("sticker rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY: "stickers-rules-secret-0123456789abcd" });
    await s.latent.services.shop.restock("pack-24", 100);
  });
  afterAll(async () => s?.close());

  interface Sticker {
    sticker_hash: string;
    short_id: string;
    shipment_id: string | null;
  }
  const stickersOf = async (token: string): Promise<Sticker[]> => (await s.api("/api/stickers", { token })).body;
  const newRoll = async (token: string, name = roll.name) => {
    const made = await s.api("/api/film", { method: "POST", token, body: { ...roll, name } });
    expect(made.status).toBe(201);
    return made.body as { id: string };
  };
  const stickerOfRoll = async (token: string, id: string) => (await s.api(`/api/film/${id}`, { token })).body.sticker_hash;
  /** A buyer's unpaid shipment of one pack of 24. */
  const unpaidPack = async (me: { token: string }) => {
    const made = await s.api("/api/shipping", {
      method: "POST",
      token: me.token,
      body: { items: [{ item_id: "pack-24", quantity: 1 }], currency: "eur" },
    });
    expect(made.status).toBe(201);
    return made.body as { id: string; items: { item_id: string; quantity: number }[]; rates: { id: string }[] };
  };
  /** Pays a buyer's shipment on the sandbox's page: its stickers are made in the payment's transaction. */
  const pay = async (token: string, ship: Awaited<ReturnType<typeof unpaidPack>>) => {
    const started = await shipmentCheckout(s, token, ship, ship.rates[0]!.id);
    expect(started.status).toBe(200);
    expect((await payOnSandboxPage(s, started.body.url)).status).toBeLessThan(400);
  };
  const paidPack = async () => {
    const me = await shopBuyer(s);
    const ship = await unpaidPack(me);
    await pay(me.token, ship);
    return { ...me, shipmentId: ship.id };
  };
  /** Runs `body` with a trigger in place, dropped afterwards whatever happens. */
  const withTrigger = async (name: string, table: string, fn: string, trigger: string, body: () => Promise<void>) => {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${fn} end $$`).execute(s.latent.db);
    await sql.raw(`create trigger ${name} ${trigger} execute function ${name}()`).execute(s.latent.db);
    try {
      await body();
    } finally {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(s.latent.db);
      await sql.raw(`drop function ${name}()`).execute(s.latent.db);
    }
  };
  const lit = (value: string) => `'${value.replaceAll("'", "''")}'`;

  it("answers sticker-linked-elsewhere when another link puts the sticker on another roll while this one is linking", async () => {
    const me = await paidPack();
    const sticker = (await stickersOf(me.token))[0]!;
    const mine = await newRoll(me.token);
    const rival = await newRoll(me.token, "Rival");
    // The other link lands after this one found the sticker free and before the roll takes it: only the unique index
    // can tell.
    await withTrigger(
      "rival_link",
      "films",
      `update films set sticker_hash = new.sticker_hash where id = ${lit(rival.id)}; return new;`,
      `before update of sticker_hash on films for each row
        when (old.id = ${lit(mine.id)} and new.sticker_hash is not null and new.sticker_hash is distinct from old.sticker_hash)`,
      async () => {
        const res = await s.api("/api/film/link", {
          method: "PUT",
          token: me.token,
          body: { sticker_hash: sticker.sticker_hash, film_id: mine.id },
        });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          error: "sticker-linked-elsewhere",
          message: "This sticker is linked to another roll: move it to this one?",
        });
      },
    );
    expect(await stickerOfRoll(me.token, mine.id)).toBeNull();
    // Once the race is over the link goes through.
    const again = await s.api("/api/film/link", {
      method: "PUT",
      token: me.token,
      body: { sticker_hash: sticker.sticker_hash, film_id: mine.id },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: mine.id, sticker_hash: sticker.sticker_hash });
  });

  it("answers film-not-found to an unlink of another photographer's roll and leaves its sticker on", async () => {
    const owner = await paidPack();
    const sticker = (await stickersOf(owner.token))[0]!;
    const theirs = await newRoll(owner.token);
    const linked = await s.api("/api/film/link", {
      method: "PUT",
      token: owner.token,
      body: { sticker_hash: sticker.sticker_hash, film_id: theirs.id },
    });
    expect(linked.status).toBe(200);
    const other = await shopBuyer(s);
    const res = await s.api("/api/film/unlink", { method: "PUT", token: other.token, body: { film_id: theirs.id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "film-not-found", message: "Roll not found" });
    expect(await stickerOfRoll(owner.token, theirs.id)).toBe(sticker.sticker_hash);
  });

  it("draws again a short id that is already taken: the shipment still gets every sticker paid for, all different", async () => {
    // Someone else's sticker holds a short id; the first sticker of this payment happens to draw the same one.
    const taken = shortIdFromBytes(randomBytes(8));
    await s.latent.db
      .insertInto("stickers")
      .values({ hash: randomBytes(16).toString("base64url"), short_id: taken, user_id: randomUUID(), shipment_id: null, position: 0 })
      .execute();
    const me = await shopBuyer(s);
    const ship = await unpaidPack(me);
    // Once only: the draw that fills the empty place again gets a free short id, as a real one would.
    await sql`create table drew_taken (done boolean)`.execute(s.latent.db);
    try {
      await withTrigger(
        "draw_taken_short_id",
        "stickers",
        `if not exists (select 1 from drew_taken) then insert into drew_taken values (true); new.short_id := ${lit(taken)}; end if; return new;`,
        `before insert on stickers for each row when (new.user_id = ${lit(me.sub)} and new.position = 0)`,
        () => pay(me.token, ship),
      );
    } finally {
      await sql`drop table drew_taken`.execute(s.latent.db);
    }
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body).toMatchObject({ status: "paid", sticker_count: 24 });
    const stickers = await stickersOf(me.token);
    expect(stickers).toHaveLength(24);
    expect(stickers.every((x) => x.shipment_id === ship.id)).toBe(true);
    expect(new Set(stickers.map((x) => x.short_id)).size).toBe(24);
    expect(new Set(stickers.map((x) => x.sticker_hash)).size).toBe(24);
    expect(stickers.map((x) => x.short_id)).not.toContain(taken);
    // The sticker drawn again takes the place left empty: each place on the sheet is held once.
    const places = await s.latent.db.selectFrom("stickers").select("position").where("shipment_id", "=", ship.id).execute();
    expect(places.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it("lists a shipment's stickers in the order they were made", async () => {
    const me = await shopBuyer(s);
    const ship = await unpaidPack(me);
    // The order the payment makes them in, as the database receives them.
    await sql`create table made_stickers (n serial primary key, hash text not null)`.execute(s.latent.db);
    try {
      await withTrigger(
        "note_made_sticker",
        "stickers",
        "insert into made_stickers (hash) values (new.hash); return new;",
        `after insert on stickers for each row when (new.user_id = ${lit(me.sub)})`,
        () => pay(me.token, ship),
      );
      const made = await s.latent.db
        .selectFrom("made_stickers" as never)
        .select(sql<string>`hash`.as("hash"))
        .orderBy(sql`n`)
        .execute();
      expect(made).toHaveLength(24);
      expect((await stickersOf(me.token)).map((x) => x.sticker_hash)).toEqual(made.map((r) => r.hash));
    } finally {
      await sql`drop table made_stickers`.execute(s.latent.db);
    }
  });

  it("answers stickers-not-ready for the sheet of a paid shipment whose stickers are not made yet", async () => {
    const me = await shopBuyer(s);
    const ship = await unpaidPack(me);
    // Paid, and its stickers not made (yet).
    await s.latent.db.updateTable("shipments").set({ status: "paid", paid_at: new Date() }).where("id", "=", ship.id).execute();
    const res = await s.api(`/api/stickers/sheet?shipment_id=${ship.id}`, { token: me.token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "stickers-not-ready", message: "The stickers are made once the shipment is paid" });
    expect(await stickersOf(me.token)).toEqual([]);
  });
});
