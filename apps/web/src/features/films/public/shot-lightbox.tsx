import type { Film } from "@latent/domain/films";
import { Badge, Button, Group, Modal, Text, Title, UnstyledButton } from "@mantine/core";
import { useMediaQuery, useWindowEvent } from "@mantine/hooks";
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import classes from "../components/films.module.css";
import { type GearName, ShotDetails } from "../components/shot-details.tsx";
import { ShotStage, type Zoom, type ZoomAnchor } from "../components/shot-stage.tsx";
import { type GalleryItem, type GalleryPosition, galleryPosition } from "./gallery-items.ts";
import { useOriginalDownload } from "./original-download.ts";
import { focusShotTile } from "./shot-gallery.tsx";

interface ShotLightboxProps {
  /** The roll: what its shots were taken with unless they say otherwise. */
  film: Film;
  items: GalleryItem[];
  /** Index of the shot shown; null while closed. */
  openIndex: number | null;
  onNavigate: (index: number) => void;
  onClose: () => void;
  /** Names of the owner's cameras and lenses; a shared roll has none, and shows no gear. */
  gearName?: GearName;
  /** The owner's edit form for the shot shown, reached from its details; `done` goes back to them. Shared rolls have none. */
  editor?: (item: GalleryItem, done: () => void) => ReactNode;
  /** Where the roll's tiles are, when the page shows several rolls: focus goes back to a tile of this roll. */
  tilesRoot?: RefObject<HTMLElement | null>;
  /** A preview or original did not load: its signed link may have expired, so the roll should be fetched again. */
  onStaleImage?: () => void;
  /** The owner's keep toggle (K): a shared roll has none. */
  onToggleKeep?: (index: number, kept: boolean) => void;
  /** A link visitor's favourites by shot index, and their toggle (F); none where answers are off (issue 31). */
  favourites?: ReadonlySet<number>;
  onToggleFavourite?: (index: number) => void;
  /** What the details panel shows below the shot's details: a link visitor's comments on the frame. */
  answers?: (item: GalleryItem) => ReactNode;
}

/** Keys typed into a field belong to the field, not to the lightbox. */
function isTyping(target: EventTarget | null) {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));
}

/**
 * One shot at a time on the whole screen: ←/→ previous and next, Home/End first and last, +/Z zoom to 100 % and back,
 * I shows or hides the details, K keeps or unkeeps the shot (the owner's), Esc closes. Focus stays inside (Mantine's modal traps it) and goes back to the shot's
 * tile on close.
 */
export function ShotLightbox({
  film,
  items,
  openIndex,
  onNavigate,
  onClose,
  gearName,
  editor,
  tilesRoot,
  onStaleImage,
  onToggleKeep,
  favourites,
  onToggleFavourite,
  answers,
}: ShotLightboxProps) {
  const at = galleryPosition(items, openIndex);
  // While the lightbox fades out it keeps showing the last shot, whose tile then takes the focus.
  const lastAt = useRef<GalleryPosition | null>(null);
  if (at) lastAt.current = at;
  const shown = at ?? lastAt.current;
  const [editing, setEditing] = useState(false);

  return (
    <Modal.Root
      opened={at !== null}
      onClose={onClose}
      fullScreen
      // On the content only: a className given to Modal.Content would also land on its positioning wrapper.
      classNames={{ content: classes.lightbox }}
      returnFocus={false}
      transitionProps={{ transition: "fade", duration: 150 }}
      onExitTransitionEnd={() => {
        focusShotTile(lastAt.current?.item.index ?? null, tilesRoot?.current ?? document);
        setEditing(false);
      }}
    >
      <Modal.Content>
        {shown && (
          <LightboxView
            at={shown}
            film={film}
            itemsCount={items.length}
            onNavigate={onNavigate}
            gearName={gearName}
            editor={editor}
            editing={editing}
            setEditing={setEditing}
            onStaleImage={onStaleImage}
            onToggleKeep={onToggleKeep}
            favourites={favourites}
            onToggleFavourite={onToggleFavourite}
            answers={answers}
          />
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

interface LightboxViewProps
  extends Pick<
    ShotLightboxProps,
    "film" | "onNavigate" | "gearName" | "editor" | "onStaleImage" | "onToggleKeep" | "favourites" | "onToggleFavourite" | "answers"
  > {
  at: GalleryPosition;
  itemsCount: number;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}

function LightboxView({
  at,
  film,
  itemsCount,
  onNavigate,
  gearName,
  editor,
  editing,
  setEditing,
  onStaleImage,
  onToggleKeep,
  favourites,
  onToggleFavourite,
  answers,
}: LightboxViewProps) {
  const { t } = useTranslation("films");
  const { item, previous, next } = at;
  const shot = item.shot;
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const detailsButtonRef = useRef<HTMLButtonElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The details start shown where there is room beside the picture; then the user's choice holds for the visit.
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const [detailsChoice, setDetailsChoice] = useState<boolean | null>(null);
  const detailsShown = detailsChoice ?? wide;
  const [zoom, setZoom] = useState<Zoom>({ index: item.index, on: false, anchor: null });
  const zoomed = zoom.on && zoom.index === item.index;
  const canZoom = item.state === "done" && !!(shot?.version.preview_url ?? shot?.version.thumbnail_url);

  const keepable = onToggleKeep !== undefined && item.state === "done" && shot !== null;
  const toggleKeep = () => {
    if (keepable && shot) onToggleKeep?.(item.index, !shot.kept);
  };
  const favourable = onToggleFavourite !== undefined && item.state === "done" && shot !== null;
  const favourited = favourites?.has(item.index) ?? false;
  const go = (target: GalleryItem | null) => {
    if (target && target.index !== item.index) onNavigate(target.index);
  };
  const toggleZoom = (anchor: ZoomAnchor | null) => {
    if (canZoom) setZoom({ index: item.index, on: !zoomed, anchor });
  };
  const toggleDetails = () => {
    // Focus inside the panel would be lost with it: it moves to the button that brings the panel back.
    if (detailsShown && panelRef.current?.contains(document.activeElement)) detailsButtonRef.current?.focus();
    setDetailsChoice(!detailsShown);
  };
  const startEditing = () => {
    flushSync(() => setEditing(true));
    panelRef.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
  };
  const stopEditing = () => {
    flushSync(() => setEditing(false));
    editButtonRef.current?.focus();
  };

  useWindowEvent("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || isTyping(event.target)) return;
    // Keys pressed in a dialog above this one (confirming a deletion) are that dialog's.
    const target = event.target as Node | null;
    const dialog = rootRef.current?.closest("[role=dialog]");
    if (target && target !== document.body && !dialog?.contains(target)) return;
    const moves: Record<string, GalleryItem | null> = { ArrowLeft: previous, ArrowRight: next, Home: at.first, End: at.last };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key] ?? null);
    } else if (event.key === "i" || event.key === "I") {
      event.preventDefault();
      toggleDetails();
    } else if (event.key === "z" || event.key === "Z" || event.key === "+") {
      event.preventDefault();
      toggleZoom(null);
    } else if ((event.key === "k" || event.key === "K") && keepable) {
      event.preventDefault();
      toggleKeep();
    } else if ((event.key === "f" || event.key === "F") && favourable) {
      event.preventDefault();
      onToggleFavourite?.(item.index);
    }
  });

  // The neighbours' previews load while this one is looked at, so moving on shows them at once.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      const url = neighbour?.state === "done" ? neighbour.shot?.version.preview_url : null;
      if (url) new Image().src = url;
    }
  }, [previous, next]);

  const fileName = shot?.file_name ?? item.upload?.fileName ?? null;
  const original = useOriginalDownload(shot?.version.url, fileName, onStaleImage);
  const title = fileName ? t("lightbox.titleNamed", { index: item.index, name: fileName }) : t("lightbox.title", { index: item.index });

  return (
    <div ref={rootRef} style={{ display: "contents" }}>
      <div className={classes.lightboxBar}>
        <Modal.Title className={classes.lightboxTitle}>{title}</Modal.Title>
        <span className={classes.lightboxPosition} aria-live="polite">
          {t("lightbox.position", { position: at.position + 1, total: itemsCount })}
        </span>
        <div className={classes.lightboxControls}>
          {canZoom && (
            // Phones zoom with a tap on the picture: the bar keeps its room for the title.
            <UnstyledButton
              className={`${classes.barButton} ${classes.hideOnPhone}`}
              onClick={() => toggleZoom(null)}
              aria-keyshortcuts="Z"
            >
              {zoomed ? t("lightbox.zoomOut") : t("lightbox.zoomIn")}
            </UnstyledButton>
          )}
          {keepable && shot && (
            <UnstyledButton className={classes.barButton} onClick={toggleKeep} aria-pressed={shot.kept} aria-keyshortcuts="K">
              <span aria-hidden>{shot.kept ? "★ " : "☆ "}</span>
              {t("lightbox.keep")}
            </UnstyledButton>
          )}
          {favourable && (
            <UnstyledButton
              className={classes.barButton}
              onClick={() => onToggleFavourite?.(item.index)}
              aria-pressed={favourited}
              aria-keyshortcuts="F"
            >
              <span aria-hidden>{favourited ? "♥ " : "♡ "}</span>
              {t("guestAnswers:lightbox.favourite")}
            </UnstyledButton>
          )}
          <UnstyledButton
            ref={detailsButtonRef}
            className={classes.barButton}
            onClick={toggleDetails}
            aria-pressed={detailsShown}
            aria-controls={detailsShown ? panelId : undefined}
            aria-keyshortcuts="I"
          >
            {t("lightbox.details")}
          </UnstyledButton>
          {shot?.version.url && (
            <a
              className={`${classes.barButton} ${classes.hideOnPhone}`}
              href={shot.version.url}
              download={fileName ?? undefined}
              aria-busy={original.busy}
              onClick={(event) => {
                // Checked first, and renewed once if refused (spec §8), so a lapsed link never becomes a broken download.
                event.preventDefault();
                void original.download();
              }}
            >
              {t("lightbox.original")}
            </a>
          )}
          {original.failed && (
            <Text size="xs" c="red.4" role="alert">
              {t("lightbox.originalFailed")}
            </Text>
          )}
          <Modal.CloseButton className={classes.lightboxClose} size="lg" aria-label={t("films:close")} data-autofocus />
        </div>
      </div>

      <div className={classes.lightboxMain}>
        <div className={classes.stageWrap}>
          <ShotStage
            item={item}
            zoom={zoom}
            onToggleZoom={toggleZoom}
            onSwipe={(to) => go(to === "previous" ? previous : next)}
            onStaleImage={onStaleImage}
          />
          <UnstyledButton
            className={`${classes.navButton} ${classes.navPrevious}`}
            onClick={() => go(previous)}
            // Still focusable at the first shot: a button disabled under the focus would drop it out of the dialog.
            aria-disabled={!previous}
            aria-label={t("lightbox.previous")}
            aria-keyshortcuts="ArrowLeft"
          >
            <span aria-hidden>‹</span>
          </UnstyledButton>
          <UnstyledButton
            className={`${classes.navButton} ${classes.navNext}`}
            onClick={() => go(next)}
            aria-disabled={!next}
            aria-label={t("lightbox.next")}
            aria-keyshortcuts="ArrowRight"
          >
            <span aria-hidden>›</span>
          </UnstyledButton>
        </div>

        {detailsShown && (
          <aside ref={panelRef} id={panelId} className={classes.panel} aria-label={t("lightbox.details")}>
            {editing && editor ? (
              editor(item, stopEditing)
            ) : (
              <>
                <Group justify="space-between" mb="sm">
                  <Title order={3} size="h5">
                    {t("lightbox.details")}
                  </Title>
                  {shot?.kept && (
                    <Badge color="latent" variant="filled">
                      {t("tile.kept")}
                    </Badge>
                  )}
                </Group>
                <ShotDetails item={item} film={film} gearName={gearName} />
                {editor && (
                  <Button ref={editButtonRef} variant="light" mt="md" onClick={startEditing}>
                    {t("lightbox.edit")}
                  </Button>
                )}
                {answers?.(item)}
              </>
            )}
            <Modal.Body p={0} mt="lg">
              <Text size="xs" c="dimmed">
                {t("lightbox.keys")}
                {keepable && ` ${t("lightbox.keysKeep")}`}
                {favourable && ` ${t("guestAnswers:lightbox.keysFavourite")}`}
              </Text>
            </Modal.Body>
          </aside>
        )}
        {!detailsShown && (
          <Modal.Body className={classes.visuallyHidden}>
            {t("lightbox.keys")}
            {keepable && ` ${t("lightbox.keysKeep")}`}
            {favourable && ` ${t("guestAnswers:lightbox.keysFavourite")}`}
          </Modal.Body>
        )}
      </div>
    </div>
  );
}
