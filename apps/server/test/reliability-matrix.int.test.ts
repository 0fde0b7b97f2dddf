import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ROLE_SCOPES } from "@latent/domain/api";
import { KEY_API_SCOPES, LAB_KEY_SCOPE_NAMES } from "@latent/domain/lab-api-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { badTokens } from "./forged-tokens.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { exampleOf, fillPath, loadOperations, type Operation, undocumentedAnswer } from "./openapi-routes.ts";

/**
 * Every route of `/api/openapi.json` × every kind of caller (issue 16, "a reliability suite the project owns").
 * The routes come from the built app, so a route added tomorrow is checked without anyone listing it, and a route the
 * table below does not know fails the first test with its name: say there which fixture fills its path.
 */

const ADDRESS = { line1: "Carrer de Mallorca 401", city: "Barcelona", postal_code: "08013", country: "ES" };
const PASSWORD = "silver halide crystals";

interface Fixtures {
  photographer: { sub: string; email: string; token: string };
  lab: { sub: string; email: string; token: string };
  filmId: string;
  shotIndex: number;
  uploadId: string;
  scan: Buffer;
  shareId: string;
  shareCode: string;
  cameraId: string;
  lensId: string;
  shipmentId: string;
  stickerHash: string;
  sessionId: string;
  orderId: string;
  orderFilmId: string;
  orderCode: string;
  /** The lab's API key with every key scope (issue 30), and its id. */
  labKey: { id: string; token: string };
  /** The lab's webhook endpoint (issue 30) and the delivery of its test event. */
  webhook: { id: string; deliveryId: string; url: string };
  /** A frame of the roll and of the order's roll, each favourited and commented on by a guest (issue 31). */
  shotId: string;
  orderShotId: string;
  /** A guest's comment through the roll's share link, and through the order's link. */
  filmCommentId: string;
  orderCommentId: string;
  /** The lab's own comment on the order, made again before each call that deletes it (a key may delete it too). */
  spareOrderCommentId: string;
  /** A guest's rescan request on the order. */
  requestId: string;
  /** The guests' cookies (their names) for the roll's link and the order's. */
  guests: { film: string; order: string };
}

type Values = Record<string, string | number>;

/** How the matrix calls one route: who owns what its path names, and what its owner sends. */
interface Entry {
  /** No bearer token at all (share codes, signatures, public data): exercised anonymously, never a 5xx. */
  public?: true;
  /** The role whose fixtures the path names and whose scopes the route serves. */
  owner?: "user" | "lab";
  /** The path names something the owner holds: anyone else gets 404, like a missing id. */
  owned?: true;
  params?: (fx: Fixtures) => Values;
  query?: (fx: Fixtures) => Values;
  /** The owner's body; other callers send it too (their answer must not depend on it). Default: a minimal valid one. */
  body?: (fx: Fixtures) => unknown;
  /** Raw bytes instead of JSON (an upload's chunk, a CSV). */
  raw?: (fx: Fixtures) => Buffer;
  /** The raw bytes' type (default application/octet-stream). */
  rawType?: string;
  /** Refusals the owner may get from the route's own rules (not from the guard), with why. */
  ownerRefusals?: string[];
  /** The owner's call comes after the others': it ends what they need (a deletion, a password change). */
  late?: number;
  /** Readies what the owner's call needs, when earlier owner calls changed it. */
  before?: (s: TestServer, fx: Fixtures) => Promise<void>;
}

const film = (fx: Fixtures) => ({ id: fx.filmId });
const user: Entry = { owner: "user" };
const lab: Entry = { owner: "lab" };
const ownedFilm: Entry = { owner: "user", owned: true, params: film };
const ownedOrder: Entry = { owner: "lab", owned: true, params: (fx) => ({ id: fx.orderId }) };
const ownedWebhook: Entry = { owner: "lab", owned: true, params: (fx) => ({ id: fx.webhook.id }) };
const filmComment = (fx: Fixtures) => ({ id: fx.filmId, commentId: fx.filmCommentId });
const orderComment = (fx: Fixtures) => ({ id: fx.orderId, commentId: fx.orderCommentId });

const MATRIX: Record<string, Entry> = {
  "GET /api/config": { public: true },
  "POST /contact": { public: true, body: () => ({ subject: "Hi", reason: "other", email: "a@example.com", message: "Hello" }) },
  "POST /newsletter": { public: true, body: () => ({ email: `${randomUUID()}@example.com` }) },
  "GET /beta": { public: true },
  "POST /beta": { public: true, body: () => ({ email: `${randomUUID()}@example.com` }) },
  "GET /api/static/film-metadata": { public: true },
  "GET /api/static/scanners": { public: true },
  "GET /api/static/countries": { public: true },
  "GET /api/static/states": { public: true },
  "GET /api/static/states/{country}": { public: true, params: () => ({ country: "ES" }) },
  "GET /api/public/film": { public: true },
  "GET /api/public/film/download": { public: true },
  "GET /api/public/film/contact-sheet": { public: true },
  "POST /api/public/film/ws-ticket": { public: true },
  "GET /api/public/order": { public: true },
  "GET /api/public/order/download/{id}": { public: true, params: (fx) => ({ id: fx.orderFilmId }) },
  // Issue 31: a link's password, and guests' names, favourites, comments and requests (Bearer <the link's code>).
  "POST /api/public/film/unlock": { public: true, body: () => ({ password: "not the password" }) },
  "POST /api/public/film/guest": { public: true, body: () => ({ name: "Marta" }) },
  "PUT /api/public/film/favourites/{shotId}": { public: true, params: (fx) => ({ shotId: fx.shotId }) },
  "DELETE /api/public/film/favourites/{shotId}": { public: true, params: (fx) => ({ shotId: fx.shotId }) },
  "POST /api/public/film/comments": { public: true, body: (fx) => ({ shot_id: fx.shotId, text: "Lovely light" }) },
  "GET /api/public/film/answers": { public: true },
  "POST /api/public/order/unlock": { public: true, body: () => ({ password: "not the password" }) },
  "POST /api/public/order/guest": { public: true, body: () => ({ name: "Jordi" }) },
  "PUT /api/public/order/favourites/{shotId}": { public: true, params: (fx) => ({ shotId: fx.orderShotId }) },
  "DELETE /api/public/order/favourites/{shotId}": { public: true, params: (fx) => ({ shotId: fx.orderShotId }) },
  "POST /api/public/order/comments": { public: true, body: () => ({ shot_id: null, text: "When is it ready?" }) },
  "GET /api/public/order/answers": { public: true },
  "POST /api/public/order/requests": { public: true, body: (fx) => ({ kind: "rescan", shot_id: fx.orderShotId, note: "" }) },
  "GET /api/integrations/shopify/callback": { public: true },
  "POST /api/integrations/woocommerce/callback": { public: true, body: () => ({}) },
  "POST /api/integrations/woocommerce/webhook/{labId}": { public: true, params: (fx) => ({ labId: fx.lab.sub }), body: () => ({}) },
  "GET /api/purchases/confirm/{sessionId}": { public: true, params: (fx) => ({ sessionId: fx.sessionId }) },
  "POST /api/purchases/webhook": { public: true, body: () => ({ type: "checkout.session.completed" }) },
  "GET /api/stickers/{hash}": { public: true, params: (fx) => ({ hash: fx.stickerHash }) },

  "GET /api/user": user,
  "PUT /api/user": { ...user, body: () => ({ name: "Ana", shipping: ADDRESS }) },
  "POST /api/user/privacy-policy": user,
  "POST /api/user/downgrade": { ...user, late: 1 },
  "POST /api/user/reactivate": { ...user, ownerRefusals: [] },
  "GET /api/account": user,
  "POST /api/account/verification": user,
  "POST /api/account/password": {
    ...user,
    body: () => ({ current_password: "not the password", new_password: "a brand new passphrase" }),
    ownerRefusals: ["wrong-password"],
  },
  "POST /api/account/email": { ...user, body: () => ({ new_email: `${randomUUID()}@example.com`, password: PASSWORD }) },
  "POST /api/account/totp/setup": user,
  "POST /api/account/totp/enable": { ...user, body: () => ({ code: "000000" }), ownerRefusals: ["totp-invalid"] },
  "POST /api/account/totp/disable": { ...user, body: () => ({ password: PASSWORD, code: "000000" }), ownerRefusals: ["totp-invalid"] },
  "POST /api/account/recovery-codes": { ...user, body: () => ({ password: PASSWORD, code: "000000" }), ownerRefusals: ["totp-invalid"] },
  "GET /api/account/sessions": user,
  "DELETE /api/account/sessions/{id}": { ...user, owned: true, params: () => ({ id: randomUUID() }) },
  "DELETE /api/account": { ...user, body: () => ({ password: PASSWORD }), late: 9 },
  "POST /api/account/export": user,
  "GET /api/account/export": user,

  "GET /api/cameras": user,
  "POST /api/cameras": { ...user, body: () => ({ metadata: { brand: "Nikon", model: "FM2" } }) },
  "PUT /api/cameras/{id}": {
    ...user,
    owned: true,
    params: (fx) => ({ id: fx.cameraId }),
    body: () => ({ metadata: { brand: "Leica", model: "M6" } }),
  },
  "DELETE /api/cameras/{id}": { ...user, owned: true, params: (fx) => ({ id: fx.cameraId }), late: 2 },
  "GET /api/lenses": user,
  "POST /api/lenses": {
    ...user,
    body: () => ({ metadata: { brand: "Zeiss", model: "Planar", min_focal: 50, max_focal: 50, max_aperture: 2 } }),
  },
  "PUT /api/lenses/{id}": {
    ...user,
    owned: true,
    params: (fx) => ({ id: fx.lensId }),
    body: () => ({ metadata: { brand: "Leica", model: "Summicron", min_focal: 35, max_focal: 35, max_aperture: 2 } }),
  },
  "DELETE /api/lenses/{id}": { ...user, owned: true, params: (fx) => ({ id: fx.lensId }), late: 2 },

  "GET /api/film": user,
  "GET /api/film/search": { ...user, query: () => ({ q: "portra", sort: "name" }) },
  "GET /api/shots/search": { ...user, query: () => ({ kept: "true" }) },
  "POST /api/film": { ...user, body: () => roll },
  "GET /api/film/{id}": ownedFilm,
  "PUT /api/film/{id}": { ...ownedFilm, body: () => ({ name: "Renamed" }) },
  "DELETE /api/film/{id}": { ...ownedFilm, late: 5 },
  "PUT /api/film/shot/{id}": { ...ownedFilm, body: (fx) => ({ index: fx.shotIndex, kept: true }) },
  "DELETE /api/film/shot/{id}/{index}": { ...ownedFilm, params: (fx) => ({ id: fx.filmId, index: fx.shotIndex }), late: 4 },
  "POST /api/film/shot/{id}/{index}/upload": {
    ...ownedFilm,
    params: (fx) => ({ id: fx.filmId, index: 3 }),
    body: () => ({ content_type: "image/jpeg", content_length: 1000, file_name: "three.jpg" }),
  },
  "GET /api/uploads/{uploadId}": { ...user, owned: true, params: (fx) => ({ uploadId: fx.uploadId }) },
  "PUT /api/uploads/{uploadId}/{part}": {
    ...user,
    owned: true,
    params: (fx) => ({ uploadId: fx.uploadId, part: 1 }),
    raw: (fx) => fx.scan,
  },
  "GET /api/film/{id}/uploads": ownedFilm,
  "GET /api/film/{id}/download": ownedFilm,
  "GET /api/film/{id}/contact-sheet": ownedFilm,
  "POST /api/film/{id}/frame-log": {
    ...ownedFilm,
    body: () => ({ file_name: "roll.csv", text: "Frame_count,Date,Lens,Shutter,Aperture\n1,2026-05-01T10:00,,1/125,8\n" }),
  },
  "POST /api/film/{id}/frame-log/apply": {
    ...ownedFilm,
    body: (fx) => ({ pairs: [{ frame: 1, index: fx.shotIndex, exposure: { aperture: 8, shutter: "1/125" } }] }),
  },
  "POST /api/film/{id}/ws-ticket": ownedFilm,
  "POST /api/film/{id}/share": { ...ownedFilm, query: () => ({ expiration: 30 }) },
  "GET /api/film/{id}/shares": ownedFilm,
  "DELETE /api/film/{id}/shares/{shareId}": { ...ownedFilm, params: (fx) => ({ id: fx.filmId, shareId: fx.shareId }), late: 3 },
  "PUT /api/film/{id}/shares/{shareId}": {
    ...ownedFilm,
    params: (fx) => ({ id: fx.filmId, shareId: fx.shareId }),
    body: () => ({ downloads: true, guest_answers: true }),
  },
  "GET /api/film/{id}/answers": ownedFilm,
  "POST /api/film/{id}/comments": { ...ownedFilm, body: (fx) => ({ shot_id: null, text: "Thank you!", reply_to: fx.filmCommentId }) },
  "PUT /api/film/{id}/comments/{commentId}": { ...ownedFilm, params: filmComment, body: () => ({ hidden: false }) },
  // The guest's comment, with the owner's reply to it.
  "DELETE /api/film/{id}/comments/{commentId}": { ...ownedFilm, params: filmComment, late: 2 },
  "GET /api/film/{id}/favourites": { ...ownedFilm, query: () => ({ format: "csv" }) },
  "PUT /api/film/link": { ...user, body: (fx) => ({ sticker_hash: fx.stickerHash, film_id: fx.filmId }) },
  "PUT /api/film/unlink": { ...user, body: (fx) => ({ film_id: fx.filmId }), late: 1 },
  "GET /api/film/storage-locations": { ...user, query: () => ({ q: "Binder" }) },
  "GET /api/film/{id}/timeline": ownedFilm,
  // Its scans were processed: Latent marked the roll scanned, past the owner's steps.
  "POST /api/film/{id}/status": { ...ownedFilm, body: () => ({ status: "loaded" }) },
  "PUT /api/film/{id}/life": { ...ownedFilm, body: () => ({ storage_location: "Binder 3 / page 12" }) },
  "POST /api/film/{id}/return-request": ownedFilm,
  "GET /api/lab/films/{id}/timeline": { ...lab, owned: true, params: (fx) => ({ id: fx.orderFilmId }) },
  "POST /api/lab/films/{id}/status": {
    ...lab,
    owned: true,
    params: (fx) => ({ id: fx.orderFilmId }),
    body: () => ({ status: "received" }),
  },
  // The photographer's sticker is on a roll never sent to the lab: unknown to it, as to everyone else.
  "GET /api/lab/stickers/{shortId}": { ...lab, owned: true, params: (fx) => ({ shortId: fx.stickerHash }) },
  "POST /api/lab/stickers/{shortId}/receive": { ...lab, owned: true, params: (fx) => ({ shortId: fx.stickerHash }) },
  "GET /api/stickers": user,
  "GET /api/stickers/{hash}/mine": { ...user, owned: true, params: (fx) => ({ hash: fx.stickerHash }) },
  "GET /api/stickers/sheet": { ...user, query: (fx) => ({ shipment_id: fx.shipmentId }) },

  "GET /api/purchases/subscriptions": user,
  "POST /api/purchases/checkout": { ...user, body: () => ({ mode: "subscription", items: [{ plan: "artist" }] }) },
  "GET /api/purchases/my-subscriptions": user,
  "POST /api/purchases/my-subscriptions/{sessionId}": { ...user, owned: true, params: (fx) => ({ sessionId: fx.sessionId }) },
  "POST /api/purchases/portal": user,
  "GET /api/purchases/inventory": user,
  "POST /api/shipping": { ...user, body: () => ({ items: [{ item_id: "pack-24", quantity: 1 }] }) },
  "GET /api/shipping": user,
  "GET /api/shipping/{id}": { ...user, owned: true, params: (fx) => ({ id: fx.shipmentId }) },
  "PUT /api/shipping/{id}": {
    ...user,
    owned: true,
    params: (fx) => ({ id: fx.shipmentId }),
    body: () => ({ items: [{ item_id: "pack-72", quantity: 1 }] }),
  },

  "GET /api/labs": user,
  "GET /api/labs/{labId}": { ...user, params: (fx) => ({ labId: fx.lab.sub }) },
  "PUT /api/labs": { ...lab, body: () => ({ name: "Foto Lab Girona", location: "Girona" }) },
  "GET /api/labs/email_template": lab,
  "PUT /api/labs/email_template": { ...lab, body: () => ({ subject: "Your scans", body: "Hello" }) },
  "GET /api/labs/email_template/default": lab,
  "GET /api/orders": lab,
  "POST /api/orders": {
    ...lab,
    body: () => ({ reference: "#8", user_name: "Ana García", user_email: `${randomUUID()}@example.com` }),
  },
  "GET /api/orders/clients": { ...lab, query: () => ({ q: "Ana" }) },
  "POST /api/orders/ws-ticket": lab,
  "POST /api/orders/claim": {
    ...user,
    body: (fx) => ({ code: fx.orderCode }),
    late: 6,
    // The lab's own calls made new codes; a link's latest code is the one that claims.
    before: async (s, fx) => {
      fx.orderCode = (await s.api(`/api/orders/${fx.orderId}/share`, { method: "POST", token: fx.lab.token })).body.code;
    },
  },
  "GET /api/orders/{id}": ownedOrder,
  "PUT /api/orders/{id}": { ...ownedOrder, body: () => ({ reference: "#7b" }) },
  "DELETE /api/orders/{id}": { ...ownedOrder, late: 7 },
  "POST /api/orders/{id}/films": { ...ownedOrder, body: () => roll },
  "POST /api/orders/{id}/share": { ...ownedOrder, query: () => ({ expiration: 30 }) },
  "POST /api/orders/{id}/send": { ...ownedOrder, query: () => ({ expiration: 30 }) },
  "PUT /api/orders/{id}/link": { ...ownedOrder, body: () => ({ downloads: true, guest_answers: true }) },
  // A dry run (the default): the row is checked, no order is made.
  "POST /api/orders/import": {
    ...lab,
    raw: () => Buffer.from("reference,customer name,email\n#I1,Pau Vidal,pau@example.com\n"),
    rawType: "text/csv",
  },
  "GET /api/orders/{id}/answers": ownedOrder,
  "POST /api/orders/{id}/comments": {
    ...ownedOrder,
    body: (fx) => ({ shot_id: null, text: "Ready on Friday", reply_to: fx.orderCommentId }),
  },
  "PUT /api/orders/{id}/comments/{commentId}": { ...ownedOrder, params: orderComment, body: () => ({ hidden: false }) },
  "DELETE /api/orders/{id}/comments/{commentId}": {
    ...ownedOrder,
    params: (fx) => ({ id: fx.orderId, commentId: fx.spareOrderCommentId }),
    late: 2,
    // The lab's key may delete an order's comment (write:order): the owner's call deletes one of its own, made now.
    before: async (s, fx) => {
      const made = await s.api(`/api/orders/${fx.orderId}/comments`, {
        method: "POST",
        token: fx.lab.token,
        body: { shot_id: null, text: "Scanned again" },
      });
      expect(made.status).toBe(201);
      fx.spareOrderCommentId = made.body.id;
    },
  },
  "GET /api/orders/{id}/favourites": ownedOrder,
  "GET /api/orders/{id}/requests": ownedOrder,
  "PUT /api/orders/{id}/requests/{requestId}": {
    ...ownedOrder,
    params: (fx) => ({ id: fx.orderId, requestId: fx.requestId }),
    body: () => ({ done: true }),
  },
  "GET /api/integrations": lab,
  "POST /api/integrations/secret": lab,
  "GET /api/integrations/shopify": { ...lab, query: () => ({ shop_url: "latent-test.myshopify.com" }) },
  "GET /api/integrations/shopify/import/orders": { ...lab, query: () => ({ num_of_orders: 1 }) },
  "POST /api/integrations/woocommerce/auth": { ...lab, query: () => ({ store_id: "https://shop.example.com" }) },
  "POST /api/integrations/woocommerce/auth/disconnect": lab,
  "GET /api/lab/api-keys": lab,
  "POST /api/lab/api-keys": { ...lab, body: () => ({ name: "Scanner PC", scopes: ["upload"] }) },
  // The lab's own key, revoked by the owner's call after every key test.
  "DELETE /api/lab/api-keys/{id}": { ...lab, owned: true, params: (fx) => ({ id: fx.labKey.id }), late: 8 },
  "GET /api/lab/webhooks": lab,
  // Every caller's endpoint points at the test's receiver on loopback (WEBHOOKS_ALLOW_LOOPBACK).
  "POST /api/lab/webhooks": { ...lab, body: (fx) => ({ url: fx.webhook.url, events: ["order.created"] }) },
  "PUT /api/lab/webhooks/{id}": { ...ownedWebhook, body: () => ({ description: "Scanner room" }) },
  "POST /api/lab/webhooks/{id}/secret": ownedWebhook,
  "GET /api/lab/webhooks/{id}/deliveries": ownedWebhook,
  "POST /api/lab/webhooks/{id}/deliveries/{deliveryId}/resend": {
    ...ownedWebhook,
    params: (fx) => ({ id: fx.webhook.id, deliveryId: fx.webhook.deliveryId }),
  },
  "POST /api/lab/webhooks/{id}/test": ownedWebhook,
  "DELETE /api/lab/webhooks/{id}": { ...ownedWebhook, late: 2 },

  "GET /api/plugins/lightroom/setup": { public: true },
  "GET /api/plugins/lightroom/download": { public: true },
  "GET /api/plugins/lightroom": user,
  "POST /api/plugins/lightroom/pending": user,
  "POST /api/plugins/lightroom/confirm": user,
  // No Lightroom is paired in the fixtures: the owner's own id is as unknown as anyone's.
  "DELETE /api/plugins/lightroom/{id}": { ...user, owned: true, params: () => ({ id: randomUUID() }) },
  "DELETE /api/plugins/lightroom": { ...user, late: 1 },
};

/** Refusals that come from the guard (who is calling), never from a route's own rules. */
const GUARD_REFUSALS = ["unauthorized", "token-expired", "forbidden", "labs-only", "account-blocked", "email-not-verified"];

describe.each(DATABASES)("the route × caller matrix on %s", (kind) => {
  let s: TestServer;
  let ops: Operation[];
  let fx: Fixtures;
  /** Where every lab's webhook endpoint points: answers every delivery 204. */
  let receiver: Server;
  let strangers: { photographer: string; lab: string };
  let bad: Record<string, string>;
  /** The routes openapi.json says a lab's API key may call. */
  let keyable: Set<string>;
  const checked = { pairs: 0, routes: 0 };
  /** Answers openapi.json does not document for their route (status, or an error's code), each once. */
  const undocumented = new Set<string>();

  /**
   * An embedded account and a token for it (so account routes reach a real account). Only the owners have PASSWORD:
   * the others send the owner's bodies, and must not delete or change their own accounts with them.
   */
  async function account(role: "user" | "lab", password = `${randomUUID()} ${randomUUID()}`) {
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    await s.latent.identity.accounts!.create({ id: sub, email, password, role, locale: null, emailVerified: true });
    const token = await s.token({ sub, email, role });
    expect((await s.api("/api/user/privacy-policy", { method: "POST", token })).status).toBe(200);
    return { sub, email, token };
  }

  /** A key of the lab whose session this is, with every key scope. */
  async function apiKey(token: string) {
    const made = await s.api("/api/lab/api-keys", { method: "POST", token, body: { name: "Matrix", scopes: LAB_KEY_SCOPE_NAMES } });
    expect(made.status).toBe(201);
    return { id: made.body.id as string, token: made.body.token as string };
  }

  beforeAll(async () => {
    receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(204).end()));
    await new Promise<void>((ready) => receiver.listen(0, "127.0.0.1", ready));
    s = await startServer(kind, { WEBHOOKS_ALLOW_LOOPBACK: "true" });
    ops = await loadOperations(s);
    const photographer = await account("user", PASSWORD);
    const labAccount = await account("lab", PASSWORD);
    const token = photographer.token;
    // Unlimited: the owner's own creates in the matrix must not meet the free plan's limits.
    await s.latent.services.entitlements.setPlan(photographer.sub, "unlimited");
    const filmId = (await s.api("/api/film", { method: "POST", token, body: roll })).body.id as string;
    await upload(s, token, filmId, 1, await jpeg(320, 240));
    const scanned = await waitForShots(s, token, filmId, 1);
    const scan = await jpeg(200, 200, 3);
    const begun = await s.api(`/api/film/shot/${filmId}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: scan.length, file_name: "two.jpg" },
    });
    const share = (await s.api(`/api/film/${filmId}/share?expiration=60`, { method: "POST", token })).body;
    const cameraId = (await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Leica", model: "M3" } } })).body.id;
    const lensId = (
      await s.api("/api/lenses", {
        method: "POST",
        token,
        body: { metadata: { brand: "Leica", model: "Elmar", min_focal: 50, max_focal: 50, max_aperture: 3.5 } },
      })
    ).body.id;
    expect((await s.api("/api/user", { method: "PUT", token, body: { shipping: ADDRESS } })).status).toBe(200);
    const shipmentId = (await s.api("/api/shipping", { method: "POST", token, body: { items: [{ item_id: "pack-24", quantity: 1 }] } }))
      .body.id as string;
    await s.latent.services.stickers.mint(s.latent.db, photographer.sub, shipmentId, 2);
    const stickerHash = (await s.api("/api/stickers", { token })).body[0].sticker_hash as string;
    const sessionId = (
      await s.api("/api/purchases/checkout", { method: "POST", token, body: { mode: "subscription", items: [{ plan: "artist" }] } })
    ).body.session_id as string;

    const labToken = labAccount.token;
    const order = await s.api("/api/orders", {
      method: "POST",
      token: labToken,
      body: { reference: "#7", user_name: "Ana García", user_email: photographer.email, user_phone: "+34 600 000 000" },
    });
    const orderFilm = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: labToken, body: roll });
    // A scan in the order's roll at frame 2 (the key's own upload, below, is frame 1).
    await upload(s, labToken, orderFilm.body.id, 2, await jpeg(200, 150, 5));
    const orderScanned = await waitForShots(s, labToken, orderFilm.body.id, 1);
    const orderCode = (await s.api(`/api/orders/${order.body.id}/share`, { method: "POST", token: labToken })).body.code as string;
    const labKey = await apiKey(labToken);

    // Guests of the roll's share link and of the order's link: a name, a favourite, a comment, a request.
    const shotId = scanned.shots[0].id as string;
    const orderShotId = orderScanned.shots[0].id as string;
    const visit = async (path: string, code: string, body?: unknown, cookie?: string, method = "POST") => {
      const res = await s.api(path, { method, body, headers: { authorization: `Bearer ${code}`, ...(cookie ? { cookie } : {}) } });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res;
    };
    const guestCookie = async (kind: "film" | "order", code: string) =>
      (await visit(`/api/public/${kind}/guest`, code, { name: "Marta" })).headers.get("set-cookie")!.split(";")[0]!;
    const filmGuest = await guestCookie("film", share.code);
    await visit(`/api/public/film/favourites/${shotId}`, share.code, undefined, filmGuest, "PUT");
    const filmComment = await visit("/api/public/film/comments", share.code, { shot_id: shotId, text: "This one!" }, filmGuest);
    const orderGuest = await guestCookie("order", orderCode);
    await visit(`/api/public/order/favourites/${orderShotId}`, orderCode, undefined, orderGuest, "PUT");
    const orderComment = await visit("/api/public/order/comments", orderCode, { shot_id: null, text: "Thanks!" }, orderGuest);
    const request = await visit(
      "/api/public/order/requests",
      orderCode,
      { kind: "print", shot_id: orderShotId, note: "10x15" },
      orderGuest,
    );
    const spare = await s.api(`/api/orders/${order.body.id}/comments`, {
      method: "POST",
      token: labToken,
      body: { shot_id: null, text: "Scanned again" },
    });

    // The lab's webhook endpoint, and the delivery of its test event.
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hook = await s.api("/api/lab/webhooks", { method: "POST", token: labToken, body: { url: hookUrl, events: ["order.created"] } });
    expect(hook.status).toBe(201);
    const delivery = await s.api(`/api/lab/webhooks/${hook.body.id}/test`, { method: "POST", token: labToken });
    expect(delivery.status).toBe(200);
    fx = {
      photographer,
      lab: labAccount,
      filmId,
      shotIndex: 1,
      uploadId: begun.body.upload_id,
      scan,
      shareId: share.id,
      shareCode: share.code,
      cameraId,
      lensId,
      shipmentId,
      stickerHash,
      sessionId,
      orderId: order.body.id,
      orderFilmId: orderFilm.body.id,
      orderCode,
      labKey,
      webhook: { id: hook.body.id, deliveryId: delivery.body.id, url: hookUrl },
      shotId,
      orderShotId,
      filmCommentId: filmComment.body.id,
      orderCommentId: orderComment.body.id,
      spareOrderCommentId: spare.body.id,
      requestId: request.body.id,
      guests: { film: filmGuest, order: orderGuest },
    };
    for (const [name, value] of Object.entries(fx)) expect(value, name).toBeTruthy();
    strangers = { photographer: (await account("user")).token, lab: (await account("lab")).token };
    bad = await badTokens(s, photographer.sub, photographer.email);
    // A lab's key revoked, and one of the right shape the server never made: 401 like any forged token.
    const revoked = await apiKey(labToken);
    expect((await s.api(`/api/lab/api-keys/${revoked.id}`, { method: "DELETE", token: labToken })).status).toBe(204);
    bad["revoked lab API key"] = revoked.token;
    bad["unknown lab API key"] = `latk_${"k".repeat(16)}_${revoked.token.slice(22)}`;
    keyable = new Set(
      Object.entries((await s.api("/api/openapi.json")).body.paths as Record<string, Record<string, { security?: object[] }>>).flatMap(
        ([path, byMethod]) =>
          Object.entries(byMethod)
            .filter(([, op]) => op.security?.some((r) => "labApiKey" in r))
            .map(([method]) => `${method.toUpperCase()} ${path}`),
      ),
    );
  });
  afterAll(async () => {
    console.info(`matrix on ${kind}: ${checked.routes} routes, ${checked.pairs} route × caller pairs checked`);
    await s?.close();
    receiver?.close();
  });

  /** What must never reach anyone but the owner: the owner's ids, codes, email and user id. */
  const secrets = () => [
    fx.filmId,
    fx.uploadId,
    fx.shareId,
    fx.shareCode,
    fx.cameraId,
    fx.lensId,
    fx.shipmentId,
    fx.stickerHash,
    fx.sessionId,
    fx.orderId,
    fx.orderFilmId,
    fx.orderCode,
    fx.shotId,
    fx.orderShotId,
    fx.filmCommentId,
    fx.orderCommentId,
    fx.requestId,
    fx.webhook.id,
    fx.webhook.deliveryId,
    fx.photographer.email,
    fx.photographer.sub,
  ];

  async function call(op: Operation, token?: string, cookie?: string) {
    const entry = MATRIX[op.key];
    // A route the table does not know fails the first test; the others check what they can.
    if (!entry) return { status: 0, text: "", error: undefined, what: op.key };
    const params = entry.params?.(fx) ?? {};
    const query = new URLSearchParams();
    const given = entry.query?.(fx) ?? {};
    for (const p of op.queryParams) {
      if (p.name in given) query.set(p.name, String(given[p.name]));
      else if (p.required) query.set(p.name, String(exampleOf(p.schema)));
    }
    const url = `${s.base}${fillPath(op.path, params)}${query.size ? `?${query}` : ""}`;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (cookie) headers.cookie = cookie;
    let body: RequestInit["body"];
    if (entry.raw) {
      headers["content-type"] = entry.rawType ?? "application/octet-stream";
      body = new Uint8Array(entry.raw(fx));
    } else if (entry.body || op.body) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(entry.body ? entry.body(fx) : exampleOf(op.body!));
    }
    const res = await fetch(url, { method: op.method, headers, body, redirect: "manual" });
    const text = await res.text();
    let parsed: { error?: unknown; message?: unknown } | null = null;
    try {
      parsed = JSON.parse(text);
    } catch {}
    checked.pairs++;
    const off = undocumentedAnswer(op, res.status, parsed?.error as string | undefined);
    if (off) undocumented.add(off);
    const what = `${op.key} → ${res.status} ${text.slice(0, 300)}`;
    expect(res.status, what).toBeLessThan(500);
    if (res.status >= 400) expect(parsed, what).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    return { status: res.status, text, error: parsed?.error as string | undefined, what };
  }

  const privateOps = () => ops.filter((o) => o.scopes !== null && MATRIX[o.key]);

  it("knows every route of openapi.json, and each route's guard matches what the table says of it", () => {
    const unknown = ops.filter((o) => !MATRIX[o.key]).map((o) => o.key);
    expect(unknown, "routes without a matrix entry (add them to MATRIX in reliability-matrix.int.test.ts)").toEqual([]);
    const gone = Object.keys(MATRIX).filter((key) => !ops.some((o) => o.key === key));
    expect(gone, "matrix entries for routes the app no longer has").toEqual([]);
    for (const op of ops) {
      expect(op.scopes === null, `${op.key}: public in openapi.json and in the matrix`).toBe(MATRIX[op.key]!.public === true);
      const owner = MATRIX[op.key]!.owner ?? "user";
      // The owner's role must hold the route's scopes, or the matrix asks something the role can never do.
      if (op.scopes) for (const scope of op.scopes) expect(ROLE_SCOPES[owner], `${op.key} needs ${scope}`).toContain(scope);
    }
    checked.routes = ops.length;
  });

  it("answers anonymous, expired and forged tokens 401 on every private route", async () => {
    for (const op of privateOps()) {
      for (const [name, token] of [["anonymous", undefined], ...Object.entries(bad)] as const) {
        const res = await call(op, token);
        expect(res.status, `${name}: ${res.what}`).toBe(401);
        expect(["unauthorized", "token-expired"], `${name}: ${res.what}`).toContain(res.error);
      }
    }
  });

  it("refuses a role the scopes it lacks with 403, and answers everyone but the owner 404 on what the owner holds", async () => {
    for (const op of privateOps()) {
      const entry = MATRIX[op.key]!;
      for (const [role, token] of [
        ["user", strangers.photographer],
        ["lab", strangers.lab],
      ] as const) {
        const res = await call(op, token);
        const label = `another ${role === "user" ? "photographer" : "lab"}: ${res.what}`;
        const lacks = op.scopes!.filter((scope) => !(ROLE_SCOPES[role] as readonly string[]).includes(scope));
        if (lacks.length) {
          expect(res.status, label).toBe(403);
          expect(res.error, label).toBe("forbidden");
        } else if (entry.owned) {
          expect(res.status, label).toBe(404);
        } else {
          // Its own account's rules may refuse it (a wrong password): never the guard.
          expect(res.status, label).not.toBe(401);
          if (res.status === 403) expect(res.error, label).not.toBe("forbidden");
        }
        if (res.status < 300)
          for (const secret of secrets()) expect(res.text, `${label} shows the owner's ${secret}`).not.toContain(secret);
      }
    }
    // Nothing the others sent changed the owner's things.
    const token = fx.photographer.token;
    const owned = (await s.api(`/api/film/${fx.filmId}`, { token })).body;
    expect(owned).toMatchObject({ id: fx.filmId, name: roll.name });
    expect(owned.shots.map((x: { index: number }) => x.index)).toContain(fx.shotIndex);
    expect((await s.api(`/api/film/${fx.filmId}/shares`, { token })).body.map((l: { status: string }) => l.status)).toEqual(["active"]);
    expect((await s.api(`/api/uploads/${fx.uploadId}`, { token })).body).toMatchObject({ received: [], complete: false });
    expect((await s.api("/api/cameras", { token })).body.map((c: { id: string }) => c.id)).toEqual([fx.cameraId]);
    expect((await s.api(`/api/orders/${fx.orderId}`, { token: fx.lab.token })).body).toMatchObject({ id: fx.orderId, reference: "#7" });
  });

  it("answers the public routes to anyone, whatever token comes along, without a 5xx", async () => {
    for (const op of ops.filter((o) => o.scopes === null && MATRIX[o.key])) {
      for (const token of [undefined, bad["alg none"], strangers.photographer]) await call(op, token);
    }
    // Through the links themselves, without and with the guest's cookie: what a visitor and a guest get is documented.
    // Un-favouriting first, so the guests' favourites are there again for the owners' exports.
    const linkOps = ops
      .filter((o) => /^\/api\/public\/(film|order)(\/|$)/.test(o.path) && MATRIX[o.key])
      .sort((a, b) => Number(b.method === "DELETE") - Number(a.method === "DELETE"));
    for (const op of linkOps) {
      const film = op.path.startsWith("/api/public/film");
      const code = film ? fx.shareCode : fx.orderCode;
      await call(op, code);
      const res = await call(op, code, film ? fx.guests.film : fx.guests.order);
      expect(res.status, `a guest: ${res.what}`).toBeLessThan(400);
    }
    // The share code and the order's code open their public routes.
    for (const [path, code] of [
      ["/api/public/film", fx.shareCode],
      ["/api/public/film/download", fx.shareCode],
      ["/api/public/order", fx.orderCode],
    ] as const) {
      expect((await s.api(path, { headers: { authorization: `Bearer ${code}` } })).status, path).toBe(200);
    }
  });

  it("answers the order's lab and refuses another lab on every order route", async () => {
    const orderOps = ops.filter((o) => /^\/api\/(public\/)?orders?(\/|$)/.test(o.path) && MATRIX[o.key]);
    expect(orderOps.length).toBeGreaterThanOrEqual(12);
    const actors = { lab: fx.lab.token, "another lab": strangers.lab } as const;
    for (const op of orderOps) {
      const entry = MATRIX[op.key]!;
      for (const [actor, token] of Object.entries(actors)) {
        // The lab's own deletion ends the fixtures: the owner's test makes it, last.
        if (actor === "lab" && entry.late) continue;
        // The claim's code is the link's latest (the lab's share calls make new ones).
        await entry.before?.(s, fx);
        const res = await call(op, token);
        const label = `${actor}: ${res.what}`;
        if (op.scopes === null) {
          // A public order route opens with the link's code: a lab's access token is no code.
          expect(res.status, label).toBe(401);
        } else if (entry.owner !== "lab") {
          // The customer's claim: no lab adds an order's rolls to its account with a code it was not sent.
          expect(res.status, label).toBe(403);
        } else if (actor === "lab") {
          expect(res.status, label).not.toBe(401);
          if (res.status === 403) expect(GUARD_REFUSALS, label).not.toContain(res.error);
        } else if (entry.owned) {
          expect(res.status, label).toBe(404);
          expect(res.error, label).toBe("order-not-found");
        }
        if (actor === "another lab" && res.status < 300)
          for (const secret of secrets()) expect(res.text, `${label} shows the owner's ${secret}`).not.toContain(secret);
      }
    }
    expect((await s.api(`/api/orders/${fx.orderId}`, { token: fx.lab.token })).body).toMatchObject({ id: fx.orderId, reference: "#7b" });
  });

  it("refuses every media and zip link an order's code handed out once the code is replaced or claimed", async () => {
    const bearer = (code: string) => ({ headers: { authorization: `Bearer ${code}` } });
    /** An order with one scanned roll for a customer of its own, and its link. */
    const scannedOrder = async () => {
      const customer = await account("user");
      const order = await s.api("/api/orders", {
        method: "POST",
        token: fx.lab.token,
        body: { reference: "#9", user_name: "Pau", user_email: customer.email },
      });
      const filmId = (await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: fx.lab.token, body: roll })).body.id;
      await upload(s, fx.lab.token, filmId, 1, await jpeg(240, 160));
      await waitForShots(s, fx.lab.token, filmId, 1);
      const code = (await s.api(`/api/orders/${order.body.id}/share`, { method: "POST", token: fx.lab.token })).body.code as string;
      return { customer, orderId: order.body.id as string, filmId: filmId as string, code };
    };
    const actors = {
      "order code (replaced)": async (o: Awaited<ReturnType<typeof scannedOrder>>) => {
        expect((await s.api(`/api/orders/${o.orderId}/share`, { method: "POST", token: fx.lab.token })).status).toBe(200);
      },
      "order code (claimed)": async (o: Awaited<ReturnType<typeof scannedOrder>>) => {
        const claimed = await s.api("/api/orders/claim", { method: "POST", token: o.customer.token, body: { code: o.code } });
        expect(claimed.status).toBe(200);
      },
    };
    for (const [actor, end] of Object.entries(actors)) {
      const o = await scannedOrder();
      const handed = [
        (await s.api("/api/public/order", bearer(o.code))).body,
        (await s.api(`/api/public/order/download/${o.filmId}`, bearer(o.code))).body,
      ];
      const links = JSON.stringify(handed).match(/\/(?:media|zip)\/[^"]+/g) ?? [];
      // Every signed-link route: the scans' files (thumbnail, preview, original) and the roll's zip.
      for (const route of ["/media/", "/zip/film/"])
        expect(
          links.some((l) => l.startsWith(route)),
          `${actor}: ${route}`,
        ).toBe(true);
      for (const link of links) expect((await fetch(`${s.base}${link}`)).status, `${actor} before: ${link}`).toBe(200);
      await end(o);
      for (const link of links) {
        const res = await fetch(`${s.base}${link}`);
        const body = await res.text();
        checked.pairs++;
        expect([401, 403, 404], `${actor}: ${link} → ${res.status}`).toContain(res.status);
        expect(JSON.parse(body), `${actor}: ${link}`).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
      const manifest = await s.api(`/api/public/order/download/${o.filmId}`, bearer(o.code));
      expect([401, 403, 404], `${actor}: zip manifest → ${manifest.status}`).toContain(manifest.status);
      expect(JSON.stringify(manifest.body)).not.toMatch(/\/(media|zip)\//);
      const opened = await s.api("/api/public/order", bearer(o.code));
      if (opened.status === 200) expect(opened.body.films, `${actor}: the order still opens, empty`).toEqual([]);
      else expect(opened.status, actor).toBe(401);
    }
  });

  it("lets a lab's API key reach its own lab's order and upload routes, never account, profile or key routes, never another lab's orders", async () => {
    const strangerKey = await apiKey(strangers.lab);
    for (const op of privateOps()) {
      const reachable = op.scopes!.every((scope) => KEY_API_SCOPES.has(scope as never));
      expect(keyable.has(op.key), `${op.key}: openapi.json lists labApiKey exactly where a key's scopes reach`).toBe(reachable);
    }
    // Every route, the owner's late ones too: no key carries a scope that deletes or ends what the fixtures hold.
    for (const op of privateOps()) {
      const entry = MATRIX[op.key]!;
      const reachable = keyable.has(op.key);
      await entry.before?.(s, fx);
      for (const [actor, token] of [
        ["lab API key", fx.labKey.token],
        ["another lab's key", strangerKey.token],
      ] as const) {
        const res = await call(op, token);
        const label = `${actor}: ${res.what}`;
        expect(res.status, label).not.toBe(401);
        if (!reachable) {
          expect(res.status, label).toBe(403);
          expect(res.error, label).toBe("forbidden");
        } else if (entry.owned && (entry.owner !== "lab" || actor === "another lab's key")) {
          expect(res.status, label).toBe(404);
        } else if (res.status === 403) {
          expect(GUARD_REFUSALS, label).not.toContain(res.error);
        }
        if (actor === "another lab's key" && res.status < 300)
          for (const secret of secrets()) expect(res.text, `${label} shows the owner's ${secret}`).not.toContain(secret);
      }
    }
    // The key uploads a scan into its lab's order roll, as the CLI does.
    await upload(s, fx.labKey.token, fx.orderFilmId, 1, await jpeg(200, 150, 7));
    await waitForShots(s, fx.labKey.token, fx.orderFilmId, 1);
    expect((await s.api(`/api/orders/${fx.orderId}`, { token: fx.lab.token })).body.films[0].id).toBe(fx.orderFilmId);
  });

  it("lets the owner through every private route: never 401, never a guard's 403, never a 5xx", async () => {
    const ordered = privateOps().sort((a, b) => (MATRIX[a.key]!.late ?? 0) - (MATRIX[b.key]!.late ?? 0));
    for (const op of ordered) {
      const entry = MATRIX[op.key]!;
      await entry.before?.(s, fx);
      const res = await call(op, entry.owner === "lab" ? fx.lab.token : fx.photographer.token);
      expect(res.status, res.what).not.toBe(401);
      if (res.status === 403) {
        expect(GUARD_REFUSALS, res.what).not.toContain(res.error);
        expect(entry.ownerRefusals ?? [], res.what).toContain(res.error);
      }
    }
  });

  // Last: every call above (the owner's, strangers', forged tokens', public callers') was compared with the document.
  it("answers, on every route and for every caller, only statuses and error codes openapi.json documents for it", () => {
    expect(checked.pairs).toBeGreaterThan(0);
    expect([...undocumented].sort()).toEqual([]);
  });
});
