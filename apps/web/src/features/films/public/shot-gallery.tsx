import { EmptyState } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "../components/films.module.css";
import { ShotTile } from "../components/shot-tile.tsx";
import type { GalleryItem } from "./gallery-items.ts";

interface ShotGalleryProps {
  items: GalleryItem[];
  onOpen: (index: number) => void;
  onStaleImage: () => void;
  emptyText?: string;
  /** Buttons shown with a tile (a failed or paused upload's Retry and Remove); none for the others. */
  tileActions?: (item: GalleryItem) => ReactNode;
}

/**
 * Puts the focus on the tile of shot `index` (back from the lightbox), or on the nearest one when that shot is gone.
 * `within`: the roll's own part of a page that shows several rolls (an order), whose tiles share indexes.
 */
export function focusShotTile(index: number | null, within: ParentNode = document) {
  if (index === null) return;
  const tiles = [...within.querySelectorAll<HTMLElement>("[data-shot-tile]")];
  const distance = (tile: HTMLElement) => Math.abs(Number(tile.dataset.shotTile) - index);
  const nearest = tiles.reduce<HTMLElement | null>((best, tile) => (!best || distance(tile) < distance(best) ? tile : best), null);
  nearest?.focus();
}

/**
 * The roll's shots as a contact sheet. Tiles are fixed squares and lazy images, and off-screen tiles skip rendering work
 * (`content-visibility`), so a 100-shot roll scrolls smoothly without virtualising the list.
 */
export function ShotGallery({ items, onOpen, onStaleImage, emptyText, tileActions }: ShotGalleryProps) {
  const { t } = useTranslation("films");
  if (items.length === 0) return <EmptyState title={t("gallery.empty.title")} description={emptyText ?? t("gallery.empty.text")} py="xl" />;
  return (
    <ul className={classes.gallery} aria-label={t("gallery.label", { count: items.length })}>
      {items.map((item) => (
        <li key={item.index} className={classes.tile}>
          <ShotTile item={item} onOpen={onOpen} onStaleImage={onStaleImage} actions={tileActions?.(item)} />
        </li>
      ))}
    </ul>
  );
}
