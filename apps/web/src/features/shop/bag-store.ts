import { type BagItem, BagItemSchema, type InventoryItem, MAX_PACKS_PER_ITEM, type ShipmentLine } from "@latent/domain/shop";
import { useCallback, useSyncExternalStore } from "react";

/** localStorage key of the bag: JSON `{item_id, quantity}[]`, kept across reloads until the shipment is paid. */
export const BAG_STORAGE_KEY = "bag";

/** A shipment takes 10 lines at most (ShipmentBodySchema); the bag never holds more. */
export const MAX_BAG_LINES = 10;

const clampQuantity = (quantity: number) => Math.min(MAX_PACKS_PER_ITEM, Math.max(1, Math.floor(quantity)));

/** The bag stored as `raw`; anything malformed (a line, or the whole value) is dropped rather than failing. */
export function parseBag(raw: string | null): BagItem[] {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const bag: BagItem[] = [];
  for (const line of value) {
    const parsed = BagItemSchema.safeParse(line);
    if (parsed.success && !bag.some((b) => b.item_id === parsed.data.item_id) && bag.length < MAX_BAG_LINES)
      bag.push({ item_id: parsed.data.item_id, quantity: parsed.data.quantity });
  }
  return bag;
}

/** The bag with `quantity` more packs of an item: added to its line if it has one, never past the limit per item. */
export function addToBag(bag: BagItem[], itemId: string, quantity: number): BagItem[] {
  const line = bag.find((b) => b.item_id === itemId);
  if (line) return bag.map((b) => (b.item_id === itemId ? { ...b, quantity: clampQuantity(b.quantity + quantity) } : b));
  if (bag.length >= MAX_BAG_LINES) return bag;
  return [...bag, { item_id: itemId, quantity: clampQuantity(quantity) }];
}

/** The bag with an item's line set to `quantity` packs (1 to the limit); an item not in the bag is left out. */
export function setBagQuantity(bag: BagItem[], itemId: string, quantity: number): BagItem[] {
  return bag.map((b) => (b.item_id === itemId ? { ...b, quantity: clampQuantity(quantity) } : b));
}

export function removeFromBag(bag: BagItem[], itemId: string): BagItem[] {
  return bag.filter((b) => b.item_id !== itemId);
}

/** A bag line with the inventory item it names; items the shop no longer sells have none. */
export type BagLine = BagItem & { item: InventoryItem | undefined };

export function bagLines(bag: BagItem[], inventory: InventoryItem[]): BagLine[] {
  return bag.map((b) => ({ ...b, item: inventory.find((i) => i.id === b.item_id) }));
}

/** What the bag's packs cost, in minor units of the inventory's currency; lines without an item count nothing. */
export function bagSubtotal(bag: BagItem[], inventory: InventoryItem[]): number {
  return bagLines(bag, inventory).reduce((sum, line) => sum + (line.item ? line.item.price.amount * line.quantity : 0), 0);
}

/** Whether the bag holds exactly a shipment's packs: then paying that shipment empties it. */
export function bagMatchesShipment(bag: BagItem[], lines: Pick<ShipmentLine, "item_id" | "quantity">[]): boolean {
  return bag.length === lines.length && lines.every((line) => bag.some((b) => b.item_id === line.item_id && b.quantity === line.quantity));
}

// One store for every component of the page; other tabs' changes arrive through the `storage` event.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedBag: BagItem[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(BAG_STORAGE_KEY);
  } catch {
    return null;
  }
}

function snapshot(): BagItem[] {
  const raw = readRaw();
  // useSyncExternalStore needs the same array while nothing changed.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedBag = parseBag(raw);
  }
  return cachedBag;
}

function writeBag(bag: BagItem[]) {
  try {
    if (bag.length === 0) localStorage.removeItem(BAG_STORAGE_KEY);
    else localStorage.setItem(BAG_STORAGE_KEY, JSON.stringify(bag));
  } catch {
    // Storage full or refused: the bag lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BAG_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: BagItem[] = [];

/** The bag of sticker packs, kept in this browser, and the ways to change it. */
export function useBag() {
  const items = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const add = useCallback((itemId: string, quantity: number) => writeBag(addToBag(snapshot(), itemId, quantity)), []);
  const setQuantity = useCallback((itemId: string, quantity: number) => writeBag(setBagQuantity(snapshot(), itemId, quantity)), []);
  const remove = useCallback((itemId: string) => writeBag(removeFromBag(snapshot(), itemId)), []);
  const clear = useCallback(() => writeBag([]), []);
  return { items, add, setQuantity, remove, clear };
}
