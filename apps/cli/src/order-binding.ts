import type { FilmFormat, Process } from "@latent/domain/film-config";
import type { FilmDetail } from "@latent/domain/films";
import { ORDERS_PAGE_MAX, type Order } from "@latent/domain/orders";
import type { LabReceived, LabStickerLookup } from "@latent/domain/roll-life";
import { normalizeShortId } from "@latent/domain/stickers";
import { type Api, ApiError, DEFAULT_RETRIES, withRetries } from "./api-client.ts";
import { CliError, EXIT } from "./exit-codes.ts";
import type { TargetRoll } from "./folder-upload.ts";
import type { Binding, Journal } from "./journal.ts";

/** The stock, format and process of a roll the CLI makes (`--stock`, `--iso`, `--format`, `--process`). */
export interface RollSpec {
  name: string;
  brand: string;
  model: string;
  iso: number;
  format: FilmFormat;
  process: Process;
}

const call = <T>(api: Api, method: string, path: string, body?: unknown) =>
  withRetries(DEFAULT_RETRIES, () => api.json<T>(method, path, body));

/** Pages of the orders search read at most: 2,000 orders whose reference, customer or email start like the reference. */
const SEARCH_PAGES = 20;

/**
 * The lab's order with exactly this reference. The list's search matches words of references, customers and emails:
 * every page is read (newest first, keyset pages) and only an equal reference counts.
 */
export async function findOrder(api: Api, reference: string): Promise<Order | null> {
  const wanted = reference.trim();
  const exact: Order[] = [];
  let path: string | null = `/api/orders?search=${encodeURIComponent(wanted)}&limit=${ORDERS_PAGE_MAX}`;
  for (let pages = 0; path && pages < SEARCH_PAGES; pages++) {
    const from: string = path;
    const page = await withRetries(DEFAULT_RETRIES, () => api.page<Order>(from));
    exact.push(...page.items.filter((o) => o.reference.trim() === wanted));
    path = page.next;
  }
  if (exact.length > 1)
    throw new CliError(
      EXIT.notFound,
      `${exact.length} orders have the reference "${wanted}": give the folder a reference only one order has`,
    );
  return exact[0] ?? null;
}

const rollOf = (film: FilmDetail, order: Order): TargetRoll => ({
  id: film.id,
  format: film.format,
  label: `roll "${film.name || film.id}" of order ${order.reference}`,
});

/**
 * The roll of `order` a folder uploads into: the one its journal names, else the order's roll of the same name (a run
 * killed before it could write the journal), else a new one. Running again never makes a second roll.
 */
export async function rollInOrder(
  api: Api,
  order: Order,
  spec: RollSpec,
  journal: Journal,
  via: Binding,
): Promise<{ roll: TargetRoll; created: boolean }> {
  const remembered = journal.roll();
  const byJournal = remembered?.order_id === order.id ? order.films.find((f) => f.id === remembered.film_id) : undefined;
  const byName = order.films.find((f) => f.name === spec.name);
  let film = byJournal ?? byName;
  const created = !film;
  if (!film) {
    film = await api.json<FilmDetail>("POST", `/api/orders/${order.id}/films`, {
      name: spec.name,
      brand: spec.brand,
      model: spec.model,
      iso: spec.iso,
      format: spec.format,
      process: spec.process,
    });
  }
  if (!byJournal) journal.append({ t: "roll", order_id: order.id, film_id: film.id, reference: order.reference, via });
  return { roll: rollOf(film, order), created };
}

/** A sticker's short id written in a folder's name ("K7Q-M2X-PA9", "roll K7QM2XPA9 Ana"), if one is. */
export function shortIdIn(name: string): string | null {
  const whole = normalizeShortId(name);
  if (whole) return whole;
  for (const word of name.split(/[\s_.,;()[\]]+/)) {
    const id = word.length >= 9 ? normalizeShortId(word) : null;
    if (id) return id;
  }
  return null;
}

/**
 * The order and roll a hot folder's sub-folder goes to, by its name: a sticker's short id in it (the roll the lab
 * received by that sticker: received now if it was sent to the lab), else an order whose reference is the name, else
 * a new order (reference: the name) waiting for its customer's email.
 */
export async function bindFolder(
  api: Api,
  folderName: string,
  spec: RollSpec,
  journal: Journal,
): Promise<{ roll: TargetRoll; via: Binding; order: Order }> {
  const remembered = journal.roll();
  if (remembered) {
    const order = await call<Order>(api, "GET", `/api/orders/${remembered.order_id}`).catch((err) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    });
    const film = order?.films.find((f) => f.id === remembered.film_id);
    if (order && film) return { roll: rollOf(film, order), via: remembered.via, order };
  }

  const shortId = shortIdIn(folderName);
  if (shortId) {
    const lookup = await call<LabStickerLookup>(api, "GET", `/api/lab/stickers/${encodeURIComponent(shortId)}`).catch((err) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    });
    if (lookup) {
      const orderId =
        lookup.order_id ??
        (lookup.action === "receive"
          ? (await api.json<LabReceived>("POST", `/api/lab/stickers/${encodeURIComponent(shortId)}/receive`)).order_id
          : null);
      if (orderId) {
        const order = await call<Order>(api, "GET", `/api/orders/${orderId}`);
        // The sticker's own roll when it is the lab's; the lab's copy of the customer's roll (same name and stock) when received.
        const film =
          order.films.find((f) => f.id === lookup.film.id) ??
          order.films.find((f) => f.name === lookup.film.name && `${f.brand} ${f.model}` === lookup.film.stock) ??
          (order.films.length === 1 ? order.films[0] : undefined);
        if (film) {
          journal.append({ t: "roll", order_id: order.id, film_id: film.id, reference: order.reference, via: "sticker" });
          return { roll: rollOf(film, order), via: "sticker", order };
        }
        const { roll } = await rollInOrder(api, order, { ...spec, name: lookup.film.name || spec.name }, journal, "sticker");
        return { roll, via: "sticker", order };
      }
    }
  }

  const reference = folderName.trim().slice(0, 100);
  const existing = await findOrder(api, reference);
  if (existing) return { ...(await rollInOrder(api, existing, spec, journal, "reference")), via: "reference", order: existing };
  // No customer yet: the order waits for its customer's email, which the lab fills in before sending it.
  const order = await api.json<Order>("POST", "/api/orders", { reference, user_email: null });
  return { ...(await rollInOrder(api, order, spec, journal, "new-order")), via: "new-order", order };
}
