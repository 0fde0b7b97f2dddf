import { EmptyState } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "../components/films.module.css";
import { ShotTile } from "../components/shot-tile.tsx";
import { FIRST_SCREEN_TILES, type GalleryItem } from "./gallery-items.ts";
import { REVEAL_SHOT_EVENT, VirtualSheet } from "./virtual-sheet.tsx";

/** From this many shots on, only the rows near the screen are drawn (virtual-sheet.tsx); a 36-shot roll is drawn whole. */
export const VIRTUAL_SHEET_FROM = 48;

interface ShotGalleryProps {
  items: GalleryItem[];
  onOpen: (index: number) => void;
  onStaleImage: () => void;
  emptyText?: string;
  /** Buttons shown with a tile (a failed or paused upload's Retry and Remove); none for the others. */
  tileActions?: (item: GalleryItem) => ReactNode;
  /** The owner's keep toggle on each finished shot. */
  onToggleKeep?: (index: number, kept: boolean) => void;
  /** A link visitor's favourites, by shot index, and their toggle (issue 31). */
  favourites?: ReadonlySet<number>;
  onToggleFavourite?: (index: number) => void;
}

/**
 * Puts the focus on the tile of shot `index` (back from the lightbox), or on the nearest one when that shot is gone.
 * `within`: the roll's own part of a page that shows several rolls (an order), whose tiles share indexes.
 */
export function focusShotTile(index: number | null, within: ParentNode = document) {
  if (index === null) return;
  const exact = within.querySelector<HTMLElement>(`[data-shot-tile="${index}"]`);
  if (exact) return exact.focus();
  // A long roll draws only some of its tiles: its sheet scrolls to the shot and focuses it.
  const sheet = within instanceof Element && within.matches("[data-shot-sheet]") ? within : within.querySelector("[data-shot-sheet]");
  if (sheet && !sheet.dispatchEvent(new CustomEvent(REVEAL_SHOT_EVENT, { detail: index, cancelable: true }))) return;
  const tiles = [...within.querySelectorAll<HTMLElement>("[data-shot-tile]")];
  const distance = (tile: HTMLElement) => Math.abs(Number(tile.dataset.shotTile) - index);
  const nearest = tiles.reduce<HTMLElement | null>((best, tile) => (!best || distance(tile) < distance(best) ? tile : best), null);
  nearest?.focus();
}

/**
 * The roll's shots as a contact sheet. Tiles are fixed squares and lazy images, and off-screen tiles skip rendering
 * work (`content-visibility`); a long roll draws only the rows near the screen (VIRTUAL_SHEET_FROM).
 */
export function ShotGallery({
  items,
  onOpen,
  onStaleImage,
  emptyText,
  tileActions,
  onToggleKeep,
  favourites,
  onToggleFavourite,
}: ShotGalleryProps) {
  const { t } = useTranslation("films");
  if (items.length === 0) return <EmptyState title={t("gallery.empty.title")} description={emptyText ?? t("gallery.empty.text")} py="xl" />;
  const label = t("gallery.label", { count: items.length });
  const tile = (item: GalleryItem, position: number) => (
    <ShotTile
      item={item}
      onOpen={onOpen}
      onStaleImage={onStaleImage}
      actions={tileActions?.(item)}
      eager={position < FIRST_SCREEN_TILES}
      onToggleKeep={onToggleKeep}
      favourited={favourites?.has(item.index) ?? false}
      onToggleFavourite={onToggleFavourite}
    />
  );
  if (items.length >= VIRTUAL_SHEET_FROM) return <VirtualSheet items={items} label={label} renderTile={tile} />;
  return (
    <ul className={classes.gallery} aria-label={label} data-shot-sheet="">
      {items.map((item, position) => (
        <li key={item.index} className={classes.tile}>
          {tile(item, position)}
        </li>
      ))}
    </ul>
  );
}
