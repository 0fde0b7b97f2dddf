import type { PublicOrder } from "@latent/domain/orders";
import { Stack } from "@mantine/core";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadControl } from "../../films/public/download-control.tsx";
import { FilmSummary } from "../../films/public/film-summary.tsx";
import { type GalleryItem, galleryItems } from "../../films/public/gallery-items.ts";
import { ShotGallery } from "../../films/public/shot-gallery.tsx";
import { ShotLightbox } from "../../films/public/shot-lightbox.tsx";
import { FrameAnswers } from "../../guest-answers/public/frame-answers.tsx";
import { useLinkFavourites } from "../../guest-answers/public/use-link-favourites.ts";
import { SharedTimeline } from "../../roll-life/public/shared-timeline.tsx";
import { getOrderZip } from "../api/get-order-zip.ts";

const NO_UPLOADS: never[] = [];

/** The roll's name as its summary titles it (its stock when it has none), for the names of its section and button. */
type OrderFilm = PublicOrder["films"][number];

const rollName = (film: OrderFilm) => film.name.trim() || `${film.brand} ${film.model}`.trim();

interface OrderRollProps {
  film: OrderFilm;
  code: string;
  /** A thumbnail's signed link expired: fetch the order again. */
  onStaleImage: () => void;
  /** The lab offers the zip and the originals on this link (issue 31); off: previews only. */
  downloads: boolean;
}

/**
 * One roll of the order: its summary, "Download zip" and its contact sheet. The open shot lives in this roll's
 * state, not in the address as on a shared roll's page: `?shot=` names a shot of one roll, and an order holds several.
 */
export function OrderRoll({ film, code, onStaleImage, downloads }: OrderRollProps) {
  const { t } = useTranslation("publicOrder");
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  // Only finished scans are shown: the others have nothing to see yet.
  const items = useMemo(
    () =>
      galleryItems(
        film.shots.filter((s) => s.state === "done"),
        NO_UPLOADS,
      ),
    [film.shots],
  );
  const manifest = useCallback(() => getOrderZip(code, film.id), [code, film.id]);
  const close = useCallback(() => setOpenIndex(null), []);
  const { favourites, onToggleFavourite } = useLinkFavourites(film.shots);
  const frameAnswers = useCallback(
    (item: GalleryItem) => (item.shot ? <FrameAnswers shotId={item.shot.id} frame={item.index} /> : null),
    [],
  );

  return (
    <section ref={section} aria-label={rollName(film)}>
      <Stack gap="md">
        <FilmSummary
          film={{ ...film, shot_count: items.length }}
          headingOrder={2}
          actions={
            downloads && (
              <DownloadControl
                downloadKey={`order-${film.id}`}
                manifest={manifest}
                disabled={items.length === 0}
                label={t("roll.download", { roll: rollName(film) })}
              />
            )
          }
        />
        {film.timeline && <SharedTimeline events={film.timeline} headingOrder={3} />}
        <ShotGallery
          items={items}
          onOpen={setOpenIndex}
          onStaleImage={onStaleImage}
          emptyText={t("roll.empty")}
          favourites={favourites}
          onToggleFavourite={onToggleFavourite}
        />
        <ShotLightbox
          film={film}
          items={items}
          openIndex={openIndex}
          onNavigate={setOpenIndex}
          onClose={close}
          tilesRoot={section}
          onStaleImage={onStaleImage}
          favourites={favourites}
          onToggleFavourite={onToggleFavourite}
          answers={onToggleFavourite ? frameAnswers : undefined}
        />
      </Stack>
    </section>
  );
}
