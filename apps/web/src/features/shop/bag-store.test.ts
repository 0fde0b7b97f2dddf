import { type InventoryItem, MAX_PACKS_PER_ITEM } from "@latent/domain/shop";
import { describe, expect, it } from "vitest";
import {
  addToBag,
  bagLines,
  bagMatchesShipment,
  bagSubtotal,
  MAX_BAG_LINES,
  parseBag,
  removeFromBag,
  setBagQuantity,
} from "./bag-store.ts";

const item = (id: string, amount: number): InventoryItem => ({
  id,
  product_id: `prod-${id}`,
  name: `Pack-${id}`,
  description: "",
  quantity: 5,
  weight: 20,
  size: 65,
  price: { amount, currency: "eur" },
});

describe("the stored bag", () => {
  it("reads the lines it wrote", () => {
    const bag = [
      { item_id: "a", quantity: 2 },
      { item_id: "b", quantity: 1 },
    ];
    expect(parseBag(JSON.stringify(bag))).toEqual(bag);
  });

  it("is empty when nothing or something unreadable is stored", () => {
    expect(parseBag(null)).toEqual([]);
    expect(parseBag("{not json")).toEqual([]);
    expect(parseBag('{"item_id":"a"}')).toEqual([]);
  });

  it("drops malformed and repeated lines, keeping the rest", () => {
    const raw = JSON.stringify([
      { item_id: "a", quantity: 2 },
      { item_id: "b", quantity: 0 },
      { item_id: "c", quantity: MAX_PACKS_PER_ITEM + 1 },
      { item_id: "a", quantity: 3 },
      { quantity: 1 },
      "d",
      { item_id: "e", quantity: 1.5 },
      { item_id: "f", quantity: 4, extra: true },
    ]);
    expect(parseBag(raw)).toEqual([
      { item_id: "a", quantity: 2 },
      { item_id: "f", quantity: 4 },
    ]);
  });
});

describe("changing the bag", () => {
  it("adds a new line, or more packs to an existing one, up to the limit per item", () => {
    const once = addToBag([], "a", 2);
    expect(once).toEqual([{ item_id: "a", quantity: 2 }]);
    expect(addToBag(once, "a", 3)).toEqual([{ item_id: "a", quantity: 5 }]);
    expect(addToBag(once, "a", MAX_PACKS_PER_ITEM)).toEqual([{ item_id: "a", quantity: MAX_PACKS_PER_ITEM }]);
    expect(addToBag(once, "b", 1)).toEqual([
      { item_id: "a", quantity: 2 },
      { item_id: "b", quantity: 1 },
    ]);
  });

  it("never holds more lines than a shipment takes", () => {
    let bag = addToBag([], "0", 1);
    for (let i = 1; i < MAX_BAG_LINES + 3; i++) bag = addToBag(bag, String(i), 1);
    expect(bag).toHaveLength(MAX_BAG_LINES);
  });

  it("sets a quantity between 1 and the limit, and removes a line", () => {
    const bag = [
      { item_id: "a", quantity: 2 },
      { item_id: "b", quantity: 1 },
    ];
    expect(setBagQuantity(bag, "a", 7)[0]).toEqual({ item_id: "a", quantity: 7 });
    expect(setBagQuantity(bag, "a", 0)[0]?.quantity).toBe(1);
    expect(setBagQuantity(bag, "a", 999)[0]?.quantity).toBe(MAX_PACKS_PER_ITEM);
    expect(setBagQuantity(bag, "z", 3)).toEqual(bag);
    expect(removeFromBag(bag, "a")).toEqual([{ item_id: "b", quantity: 1 }]);
  });
});

describe("the bag against the shop", () => {
  const inventory = [item("a", 500), item("b", 1250)];
  const bag = [
    { item_id: "a", quantity: 2 },
    { item_id: "b", quantity: 1 },
    { item_id: "gone", quantity: 4 },
  ];

  it("pairs lines with their items, and adds up the price in minor units", () => {
    expect(bagLines(bag, inventory).map((l) => l.item?.id)).toEqual(["a", "b", undefined]);
    expect(bagSubtotal(bag, inventory)).toBe(2250);
    expect(bagSubtotal([], inventory)).toBe(0);
  });

  it("matches a shipment of exactly the same packs, in any order", () => {
    const lines = [
      { item_id: "b", quantity: 1 },
      { item_id: "a", quantity: 2 },
    ];
    expect(bagMatchesShipment(bag.slice(0, 2), lines)).toBe(true);
    expect(bagMatchesShipment(bag, lines)).toBe(false);
    expect(bagMatchesShipment(setBagQuantity(bag.slice(0, 2), "a", 3), lines)).toBe(false);
  });
});
