import { Loader } from "@mantine/core";
import { useElementSize, useMergedRef } from "@mantine/hooks";
import { type PointerEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GalleryItem } from "../public/gallery-items.ts";
import classes from "./films.module.css";
import { useShotErrorText } from "./use-shot-error-text.ts";

/** Originals a browser draws itself; a TIFF is shown through its preview. */
const DRAWABLE = new Set(["image/jpeg", "image/png", "image/webp"]);
/** Pointer travel (px) under which a press is a click, not a drag. */
const CLICK_SLOP = 5;
/** Horizontal travel (px) of a finger that moves to the neighbouring shot. */
const SWIPE = 60;

/** Where zooming in keeps the point pressed: its place in the picture (0…1) and in the stage (px). */
export interface ZoomAnchor {
  fx: number;
  fy: number;
  x: number;
  y: number;
}

/** A zoom change; a new object for each, so the stage scrolls once per change. */
export interface Zoom {
  index: number;
  on: boolean;
  /** null: keep the centre (zoomed from the keyboard or the bar's button). */
  anchor: ZoomAnchor | null;
}

interface ShotStageProps {
  item: GalleryItem;
  zoom: Zoom;
  onToggleZoom: (anchor: ZoomAnchor | null) => void;
  onSwipe: (to: "previous" | "next") => void;
  /** The preview or original did not load: fetch fresh links (spec §8); called once, a second failure is shown. */
  onStaleImage?: () => void;
}

interface Size {
  w: number;
  h: number;
}

/** The largest size of `image` inside `box`, enlarging a small one too: the picture takes the screen. */
function fitInside(image: Size, box: Size): Size {
  const scale = Math.min(box.w / image.w, box.h / image.h);
  return { w: Math.floor(image.w * scale), h: Math.floor(image.h * scale) };
}

/**
 * One shot on the dark stage: its preview fitted to the screen, or its original at 100 % (a TIFF: the preview at its
 * own size) scrolled by wheel, touch or mouse drag. A click on the picture toggles the two, keeping the point clicked
 * under the pointer; a finger swipe moves to the next or previous shot.
 */
export function ShotStage({ item, zoom, onToggleZoom, onSwipe, onStaleImage }: ShotStageProps) {
  const { t } = useTranslation("films");
  const errorText = useShotErrorText();
  const { ref: sizeRef, width, height } = useElementSize();
  const stageRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, stageRef);
  const imageRef = useRef<HTMLImageElement>(null);
  const [previewSize, setPreviewSize] = useState<(Size & { src: string }) | null>(null);
  const [loadedOriginal, setLoadedOriginal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Spec §8: an image that fails is tried once more with a fresh link (after 2 s, see onStaleImage); a second
  // failure of the same shot is shown. Counted per shot: another shot starts afresh.
  const [failures, setFailures] = useState<{ shotIndex: number; count: number }>({ shotIndex: item.index, count: 0 });
  const failureCount = failures.shotIndex === item.index ? failures.count : 0;
  const onImageError = () => {
    if (failureCount === 0) onStaleImage?.();
    setFailures({ shotIndex: item.index, count: failureCount + 1 });
  };
  const press = useRef<{ id: number; x: number; y: number; left: number; top: number; mouse: boolean; moved: boolean } | null>(null);

  const shot = item.shot;
  const preview = item.state === "done" ? (shot?.version.preview_url ?? shot?.version.thumbnail_url ?? null) : null;
  const original = shot?.version.url && DRAWABLE.has(shot.version.format ?? "") ? shot.version.url : null;
  const ownPreviewSize = previewSize?.src === preview ? previewSize : null;
  const scanSize = shot?.width && shot.height ? { w: shot.width, h: shot.height } : null;
  // 100 % of the original when the browser can draw it, else of the preview.
  const fullSize = original ? scanSize : ownPreviewSize;
  const zoomed = zoom.on && zoom.index === item.index && preview !== null && fullSize !== null;
  const shape = scanSize ?? ownPreviewSize;
  const fitted = shape && width > 0 && height > 0 ? fitInside(shape, { w: width, h: height }) : null;
  const size = zoomed ? fullSize : fitted;

  // Scrolled once per zoom change: later renders (the original arriving) keep where the user has scrolled to.
  const scrolledFor = useRef<Zoom | null>(null);
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !zoomed || !fullSize || scrolledFor.current === zoom) return;
    scrolledFor.current = zoom;
    const anchor = zoom.anchor ?? { fx: 0.5, fy: 0.5, x: stage.clientWidth / 2, y: stage.clientHeight / 2 };
    stage.scrollLeft = anchor.fx * fullSize.w - anchor.x;
    stage.scrollTop = anchor.fy * fullSize.h - anchor.y;
  }, [zoom, zoomed, fullSize]);

  const anchorAt = (clientX: number, clientY: number): ZoomAnchor | null => {
    const image = imageRef.current?.getBoundingClientRect();
    const stage = stageRef.current?.getBoundingClientRect();
    if (!image || !stage || image.width === 0 || image.height === 0) return null;
    const clamp = (n: number) => Math.min(1, Math.max(0, n));
    return {
      fx: clamp((clientX - image.left) / image.width),
      fy: clamp((clientY - image.top) / image.height),
      x: clientX - stage.left,
      y: clientY - stage.top,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const stage = stageRef.current;
    if (!stage || event.button !== 0 || preview === null) return;
    const mouse = event.pointerType === "mouse";
    press.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      left: stage.scrollLeft,
      top: stage.scrollTop,
      mouse,
      moved: false,
    };
    if (zoomed && mouse) {
      event.preventDefault();
      stage.setPointerCapture(event.pointerId);
      setDragging(true);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const stage = stageRef.current;
    const start = press.current;
    if (!stage || !start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) + Math.abs(dy) > CLICK_SLOP) start.moved = true;
    if (zoomed && start.mouse) {
      stage.scrollLeft = start.left - dx;
      stage.scrollTop = start.top - dy;
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    setDragging(false);
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!zoomed && !start.mouse && Math.abs(dx) > SWIPE && Math.abs(dx) > 2 * Math.abs(dy)) {
      onSwipe(dx < 0 ? "next" : "previous");
      return;
    }
    if (start.moved) return;
    // Fitted, only a click on the picture zooms (not one on the dark around it); zoomed, any click returns.
    if (zoomed || event.target === imageRef.current) onToggleZoom(anchorAt(event.clientX, event.clientY));
  };

  const onPointerCancel = () => {
    press.current = null;
    setDragging(false);
  };

  const alt = t("tile.alt", { index: item.index });
  let content: ReactNode;
  if (preview !== null && failureCount >= 2) {
    content = (
      <div className={classes.stageMessage} role="alert">
        <span>{t("tile.thumbnailError")}</span>
      </div>
    );
  } else if (preview === null) {
    const busy = item.state === "pending" || item.state === "uploading";
    content = (
      <div className={classes.stageMessage}>
        {busy && <Loader size="sm" color="gray" />}
        <span>
          {item.state === "pending"
            ? t("tile.processing")
            : item.state === "uploading"
              ? t("tile.uploading")
              : item.state === "error"
                ? errorText(item.error)
                : t("tile.noThumbnail")}
        </span>
      </div>
    );
  } else if (zoomed && original) {
    content = (
      <img
        key={original}
        ref={imageRef}
        src={original}
        width={size?.w}
        height={size?.h}
        alt={alt}
        draggable={false}
        className={classes.stageImage}
        // The preview, stretched to the original's size, stands in while the original arrives.
        style={{ backgroundImage: `url("${preview}")` }}
        onLoad={() => setLoadedOriginal(original)}
        onError={onImageError}
      />
    );
  } else {
    content = (
      <img
        key={preview}
        ref={imageRef}
        src={preview}
        width={size?.w}
        height={size?.h}
        alt={alt}
        draggable={false}
        className={classes.stageImage}
        onLoad={(event) => setPreviewSize({ src: preview, w: event.currentTarget.naturalWidth, h: event.currentTarget.naturalHeight })}
        onError={onImageError}
      />
    );
  }

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling picture, not a set of form fields (<fieldset>) */}
      <div
        ref={ref}
        className={classes.stage}
        data-zoomed={zoomed || undefined}
        data-dragging={dragging || undefined}
        data-empty={preview === null || undefined}
        // Zoomed, the stage scrolls: keyboard users reach it to scroll it with the arrow keys.
        role="group"
        aria-label={zoomed ? t("lightbox.zoomed", { index: item.index }) : undefined}
        tabIndex={zoomed ? 0 : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <div className={classes.canvas}>{content}</div>
      </div>
      {zoomed && !original && <div className={classes.stageNotice}>{t("lightbox.previewOnly")}</div>}
      {zoomed && original && loadedOriginal !== original && (
        <div className={classes.stageNotice} role="status">
          {t("lightbox.loadingOriginal")}
        </div>
      )}
    </>
  );
}
