import { ActionIcon, Badge, Loader, Progress, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { memo, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type GalleryItem, TILE_SIZES, tileImage } from "../public/gallery-items.ts";
import classes from "./films.module.css";
import { useShotErrorText } from "./use-shot-error-text.ts";

interface ShotTileProps {
  item: GalleryItem;
  onOpen: (index: number) => void;
  /** A thumbnail did not load: its signed link may have expired, so the roll should be fetched again. */
  onStaleImage: () => void;
  /** Buttons beside the tile (Retry and Remove of a failed or paused upload): a button cannot hold buttons. */
  actions?: ReactNode;
  /** On the first screen: its thumbnail is fetched at once and first, not when layout finds it in view. */
  eager?: boolean;
  /** The owner's keep toggle on a finished shot (a shared roll has none): keep or unkeep it in one click. */
  onToggleKeep?: (index: number, kept: boolean) => void;
  /** A link visitor's favourite (issue 31): whether this shot is one, and the toggle (none where answers are off). */
  favourited?: boolean;
  onToggleFavourite?: (index: number) => void;
}

/** One shot in the gallery: its thumbnail in a fixed square, its index, and how its upload is going. */
export const ShotTile = memo(ShotTileView, sameTile);

/**
 * A tile shows only what its shot and its upload say: while one file's progress moves, the other tiles of a
 * 100-shot roll keep their props (the query keeps unchanged shots, the upload manager unchanged entries) and skip rendering.
 */
function sameTile(before: ShotTileProps, after: ShotTileProps) {
  return (
    before.item.shot === after.item.shot &&
    before.item.upload === after.item.upload &&
    before.onOpen === after.onOpen &&
    before.onStaleImage === after.onStaleImage &&
    before.actions === after.actions &&
    before.eager === after.eager &&
    before.onToggleKeep === after.onToggleKeep &&
    before.favourited === after.favourited &&
    before.onToggleFavourite === after.onToggleFavourite
  );
}

function ShotTileView({
  item,
  onOpen,
  onStaleImage,
  actions,
  eager = false,
  onToggleKeep,
  favourited = false,
  onToggleFavourite,
}: ShotTileProps) {
  const { t } = useTranslation("films");
  const errorText = useShotErrorText();
  const image = item.state === "done" && item.shot ? tileImage(item.shot) : null;
  const thumbnail = image?.src ?? null;
  // Spec §8: a thumbnail that fails is tried once more with a new link; a second failure is shown.
  const [failures, setFailures] = useState(0);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  useEffect(() => {
    if (thumbnail && failedSrc && thumbnail !== failedSrc) setFailedSrc(null);
  }, [thumbnail, failedSrc]);
  const showImage = thumbnail !== null && thumbnail !== failedSrc && failures < 2;

  let status: string;
  if (item.state === "uploading")
    status = item.progress === null ? t("tile.uploading") : t("tile.uploadingPercent", { percent: item.progress });
  else if (item.state === "paused") status = t("tile.paused", { name: item.upload?.fileName ?? "" });
  else if (item.state === "pending") status = t("tile.processing");
  else if (item.state === "error") status = t("tile.failed", { message: errorText(item.error) });
  else status = item.shot?.kept ? t("tile.kept") : "";
  const keepable = onToggleKeep !== undefined && item.state === "done" && item.shot !== null;
  const favourable = onToggleFavourite !== undefined && item.state === "done" && item.shot !== null;
  if (favourited) status = [status, t("guestAnswers:tile.favourite")].filter(Boolean).join(". ");

  return (
    <>
      <button type="button" className={classes.tileButton} onClick={() => onOpen(item.index)} data-shot-tile={item.index}>
        {/* The name comes from this text, not from an aria-label, so what is seen and what is read never disagree. */}
        <VisuallyHidden>{[t("tile.open", { index: item.index }), status].filter(Boolean).join(". ")}</VisuallyHidden>
        {showImage && (
          <img
            src={thumbnail}
            srcSet={image?.srcSet}
            sizes={TILE_SIZES}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
            width={300}
            height={300}
            className={classes.tileImage}
            onError={() => {
              setFailedSrc(thumbnail);
              setFailures((n) => n + 1);
              onStaleImage();
            }}
          />
        )}
        {item.state === "done" && !showImage && (
          <span className={classes.tileStatus} aria-hidden>
            {thumbnail && failures >= 2 ? t("tile.thumbnailError") : thumbnail ? <Loader size="sm" color="gray" /> : t("tile.noThumbnail")}
          </span>
        )}
        {item.state === "pending" && (
          <span className={classes.tileStatus} aria-hidden>
            <Loader size="sm" color="gray" aria-hidden />
            <span>{t("tile.processing")}</span>
          </span>
        )}
        {item.state === "uploading" && (
          <>
            <span className={classes.tileStatus} aria-hidden>
              {status}
            </span>
            {item.progress !== null && <Progress className={classes.tileProgress} value={item.progress} size="sm" aria-hidden />}
          </>
        )}
        {item.state === "paused" && (
          <span className={classes.tileStatus} aria-hidden>
            {status}
          </span>
        )}
        {item.state === "error" && (
          <span className={`${classes.tileStatus} ${classes.tileStatusError}`} aria-hidden>
            <Text size="xs" fw={700} inherit>
              {t("tile.failedTitle")}
            </Text>
            <Text size="xs" lineClamp={4} inherit>
              {errorText(item.error)}
            </Text>
          </span>
        )}
        <span className={classes.tileIndex} aria-hidden>
          {item.index}
        </span>
        {item.shot?.kept && !keepable && (
          <Badge className={classes.tileKept} size="sm" color="latent" variant="filled" aria-hidden>
            {t("tile.kept")}
          </Badge>
        )}
      </button>
      {keepable && item.shot && (
        // Beside the tile's button, not inside it: a button cannot hold a button.
        <Tooltip label={item.shot.kept ? t("tile.unkeep", { index: item.index }) : t("tile.keep", { index: item.index })}>
          <ActionIcon
            className={classes.tileKeep}
            variant={item.shot.kept ? "filled" : "default"}
            color="latent"
            size="md"
            aria-pressed={item.shot.kept}
            // One Tab stop per shot, as the sheet's keyboard walk expects: the keyboard keeps a shot with K in the lightbox.
            tabIndex={-1}
            aria-label={t("tile.keepLabel", { index: item.index })}
            onClick={() => onToggleKeep?.(item.index, !item.shot?.kept)}
          >
            <span aria-hidden>{item.shot.kept ? "★" : "☆"}</span>
          </ActionIcon>
        </Tooltip>
      )}
      {favourable && (
        // A shared page has no keep toggle: the favourite takes its corner. The keyboard favourites with F in the lightbox.
        <Tooltip label={t("guestAnswers:tile.favouriteLabel", { index: item.index })}>
          <ActionIcon
            className={classes.tileKeep}
            variant={favourited ? "filled" : "default"}
            color="red"
            size="md"
            aria-pressed={favourited}
            tabIndex={-1}
            aria-label={t("guestAnswers:tile.favouriteLabel", { index: item.index })}
            onClick={() => onToggleFavourite?.(item.index)}
          >
            <span aria-hidden>{favourited ? "♥" : "♡"}</span>
          </ActionIcon>
        </Tooltip>
      )}
      {actions && <div className={classes.tileActions}>{actions}</div>}
    </>
  );
}
