/** One page of a keyset-paged list: its items and the cursor of the next page (null on the last). */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** TanStack Query's next page parameter: the page's cursor, or undefined when there is no more (hasNextPage false). */
export const nextPageParam = <T>(page: KeysetPage<T>): string | undefined => page.next ?? undefined;

/**
 * The items of every page fetched so far, in order. A roll edited between two pages can move across the cursor and
 * come back on the next page: it is shown once, where it was first seen.
 */
export function itemsOfPages<T>(pages: readonly KeysetPage<T>[] | undefined, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  return items;
}
