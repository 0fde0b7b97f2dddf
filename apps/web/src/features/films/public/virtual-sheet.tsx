import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import classes from "../components/films.module.css";
import type { GalleryItem } from "./gallery-items.ts";

/** Asks a sheet to bring shot `detail` (its index) into view and focus it; a sheet that can calls preventDefault(). */
export const REVEAL_SHOT_EVENT = "latent:reveal-shot";

/** The tile's smallest width and the phones' breakpoint, as in films.module.css (.gallery). */
const MIN_TILE_PX = 220;
const PHONE_QUERY = "(max-width: 36em)";
/** Rows drawn beyond the screen, above and below: a fast flick still finds its tiles drawn. */
const OVERSCAN_ROWS = 3;

interface SheetLayout {
  columns: number;
  /** A row's height with the gap below it: tiles are squares. */
  rowHeight: number;
  /** The sheet's top from the top of the page. */
  top: number;
}

/** Columns and row height as the CSS grid lays the sheet out, measured again whenever the page or the sheet resizes. */
function useSheetLayout(listRef: RefObject<HTMLUListElement | null>): SheetLayout {
  const [layout, setLayout] = useState<SheetLayout>({ columns: 4, rowHeight: 260, top: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const style = getComputedStyle(list);
      const columnGap = Number.parseFloat(style.columnGap) || 0;
      const rowGap = Number.parseFloat(style.rowGap) || 0;
      const width = list.clientWidth;
      const columns = window.matchMedia(PHONE_QUERY).matches ? 2 : Math.max(1, Math.floor((width + columnGap) / (MIN_TILE_PX + columnGap)));
      const rowHeight = (width - columnGap * (columns - 1)) / columns + rowGap;
      const top = list.getBoundingClientRect().top + window.scrollY;
      setLayout((was) =>
        was.columns === columns && Math.abs(was.rowHeight - rowHeight) < 0.5 && Math.abs(was.top - top) < 0.5
          ? was
          : { columns, rowHeight, top },
      );
    };
    measure();
    // The page above the sheet grows and shrinks (uploads, alerts): its top moves with it.
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef]);
  return layout;
}

interface VirtualSheetProps {
  items: GalleryItem[];
  label: string;
  /** A tile, by its item and its position in the roll. */
  renderTile: (item: GalleryItem, position: number) => ReactNode;
}

/**
 * A long roll's contact sheet drawing only the rows near the screen (the page scrolls, not the sheet), so a 100-shot
 * roll opens and scrolls as lightly as a short one. The rows out of reach stay as padding of the same height, so the
 * page and its scrollbar keep their real length. Tab and Shift+Tab at the edge of the drawn rows go on to the next or
 * previous shot, and the lightbox's "back to this shot's tile" reaches any shot (REVEAL_SHOT_EVENT).
 */
export function VirtualSheet({ items, label, renderTile }: VirtualSheetProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const { columns, rowHeight, top } = useSheetLayout(listRef);
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(items.length / columns),
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row height (a resize) makes the cached row sizes wrong.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  const from = firstRow ? firstRow.index * columns : 0;
  const to = lastRow ? Math.min(items.length, (lastRow.index + 1) * columns) : 0;
  const paddingTop = firstRow ? firstRow.start - top : 0;
  const paddingBottom = lastRow ? Math.max(0, virtualizer.getTotalSize() - (lastRow.end - top)) : 0;

  // A shot to focus once its row is drawn (after the scroll that brings it).
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-shot-tile="${index}"]`);
    if (tile) {
      pendingFocus.current = null;
      tile.focus();
    }
  });
  const reveal = useCallback(
    (index: number) => {
      const position = items.findIndex((item) => item.index === index);
      if (position < 0) return false;
      const tile = listRef.current?.querySelector<HTMLElement>(`[data-shot-tile="${index}"]`);
      if (tile) tile.focus();
      else {
        pendingFocus.current = index;
        virtualizer.scrollToIndex(Math.floor(position / columns), { align: "auto" });
      }
      return true;
    },
    [items, columns, virtualizer],
  );
  useEffect(() => {
    const list = listRef.current;
    const onReveal = (event: Event) => {
      if (reveal(Number((event as CustomEvent<number>).detail))) event.preventDefault();
    };
    list?.addEventListener(REVEAL_SHOT_EVENT, onReveal);
    return () => list?.removeEventListener(REVEAL_SHOT_EVENT, onReveal);
  }, [reveal]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button:not(:disabled), a[href], input, [tabindex]")].filter(
      (element) => element.tabIndex >= 0,
    );
    const next = event.shiftKey ? from - 1 : to;
    const atEdge = event.target === (event.shiftKey ? focusable[0] : focusable.at(-1));
    if (!atEdge || next < 0 || next >= items.length) return;
    event.preventDefault();
    reveal(items[next]!.index);
  };

  return (
    <ul
      ref={listRef}
      className={classes.gallery}
      aria-label={label}
      data-shot-sheet=""
      onKeyDown={onKeyDown}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, paddingTop, paddingBottom }}
    >
      {items.slice(from, to).map((item, i) => (
        <li key={item.index} className={classes.tile} aria-setsize={items.length} aria-posinset={from + i + 1}>
          {renderTile(item, from + i)}
        </li>
      ))}
    </ul>
  );
}
