import { EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "../components/films.module.css";
import { ShotTile } from "../components/shot-tile.tsx";
import type { GalleryItem } from "./gallery-items.ts";

interface ShotGalleryProps {
  items: GalleryItem[];
  onOpen: (index: number) => void;
  onStaleImage: () => void;
  emptyText?: string;
}

/**
 * The roll's shots as a grid. Tiles are fixed squares and lazy images, and off-screen tiles skip rendering work
 * (`content-visibility`), so a 100-shot roll scrolls smoothly without virtualising the list.
 */
export function ShotGallery({ items, onOpen, onStaleImage, emptyText }: ShotGalleryProps) {
  const { t } = useTranslation("films");
  if (items.length === 0) return <EmptyState title={t("gallery.empty.title")} description={emptyText ?? t("gallery.empty.text")} py="xl" />;
  return (
    <ul className={classes.gallery} aria-label={t("gallery.label", { count: items.length })}>
      {items.map((item) => (
        <li key={item.index} className={classes.tile}>
          <ShotTile item={item} onOpen={onOpen} onStaleImage={onStaleImage} />
        </li>
      ))}
    </ul>
  );
}
