import { describe, expect, it } from "vitest";
import { itemsOfPages, nextPageParam } from "./keyset-pages.ts";

const page = (ids: string[], next: string | null) => ({ items: ids.map((id) => ({ id })), next });

describe("a search read page by page", () => {
  it("asks for the next page after the last one's cursor, and stops on the page without one", () => {
    expect(nextPageParam(page(["a"], "cursor-1"))).toBe("cursor-1");
    expect(nextPageParam(page(["a"], null))).toBeUndefined();
  });

  it("shows the pages in order, a roll that moved across the cursor only once", () => {
    const pages = [page(["a", "b"], "c1"), page(["b", "c"], "c2"), page(["d"], null)];
    expect(itemsOfPages(pages, (item) => item.id).map((item) => item.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("shows nothing before the first page arrives", () => {
    expect(itemsOfPages(undefined, (item: { id: string }) => item.id)).toEqual([]);
  });
});
