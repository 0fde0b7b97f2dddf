import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { FilmDetail } from "@latent/domain/films";
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useApiClient } from "../../shared/api/api-client-context.tsx";
import { ApiError } from "../../shared/api/api-error.ts";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useGearList } from "../gear/api/list-gear.ts";
import { ownerAnswersKey } from "../guest-answers/api/answers-scope.ts";
import { OwnerAnswersPanel } from "../guest-answers/public/owner-answers-panel.tsx";
import { RollLifePanel } from "../roll-life/public/roll-life-panel.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { createWsTicket } from "./api/create-ws-ticket.ts";
import { useDeleteFilm } from "./api/delete-film.ts";
import { downloadContactSheet } from "./api/download-contact-sheet.ts";
import { filmKeys } from "./api/film-keys.ts";
import { useFilm } from "./api/get-film.ts";
import { getFilmDownload } from "./api/get-film-download.ts";
import { useUpdateShot } from "./api/update-shot.ts";
import { BulkExposureDialog } from "./components/bulk-exposure-dialog.tsx";
import { FilmForm } from "./components/film-form.tsx";
import { filmTitle } from "./components/film-texts.ts";
import { FrameLogDialog } from "./components/frame-log-dialog.tsx";
import { ShareDialog } from "./components/share-dialog.tsx";
import type { GearName } from "./components/shot-details.tsx";
import { ShotEditPanel } from "./components/shot-edit-panel.tsx";
import { UploadActions } from "./components/upload-actions.tsx";
import { UploadPanel } from "./components/upload-panel.tsx";
import { ContactSheetButton } from "./public/contact-sheet-button.tsx";
import { DownloadControl } from "./public/download-control.tsx";
import { FilmSummary } from "./public/film-summary.tsx";
import { type GalleryItem, galleryItems } from "./public/gallery-items.ts";
import { reportZipFileDone } from "./public/report-zip-file-done.ts";
import { ShotGallery } from "./public/shot-gallery.tsx";
import { ShotLightbox } from "./public/shot-lightbox.tsx";
import { STALE_LINK_DELAY_MS, useDelayedRefresh } from "./public/use-delayed-refresh.ts";
import { type FilmFeedEvent, useFilmFeed } from "./public/use-film-feed.ts";
import { useShotInUrl } from "./public/use-shot-in-url.ts";
import { rollHome } from "./roll-home.ts";
import { useFilmUploads, useUploadManager } from "./uploads/use-uploads.ts";

/** Realtime events come in bursts (one per shot): the roll is fetched once per burst. */
const REFRESH_BURST_MS = 400;

/**
 * What the roll screen shows from other features: the stickers feature's panel. The app's router hands it in, so the
 * films feature does not import stickers (which imports films for its roll picker).
 */
export interface FilmScreenProps {
  stickerPanel: ComponentType<{ film: FilmDetail }>;
}

function FilmLoaded({ film, stickerPanel: StickerPanel }: { film: FilmDetail } & FilmScreenProps) {
  const { t, i18n } = useTranslation("films");
  const errorText = useApiErrorText();
  const api = useApiClient();
  const navigate = useNavigate();
  const uploads = useUploadManager();
  const filmUploads = useFilmUploads(film.id);
  const cameras = useGearList("cameras");
  const lenses = useGearList("lenses");
  const remove = useDeleteFilm();
  const refresh = useDelayedRefresh(filmKeys.detail(film.id));
  const refreshAnswers = useDelayedRefresh(ownerAnswersKey({ kind: "film", id: film.id }));
  // A lab's roll belongs to an order: its way back is to that order, never to the photographers' roll list.
  const role = useCurrentUser().role;
  const home = rollHome(film.order_id, role);
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [notingMany, setNotingMany] = useState(false);
  const [importingLog, setImportingLog] = useState(false);
  const lightbox = useShotInUrl();

  const items = useMemo(() => galleryItems(film.shots, filmUploads), [film.shots, filmUploads]);
  const title = filmTitle(film);

  // The server's copy of the roll says when sent files are processed (also when the realtime feed is down).
  useEffect(() => {
    for (const shot of film.shots)
      if (shot.state !== "uploading") uploads.settle(film.id, shot.index, shot.state, shot.error_code ?? shot.error_message);
  }, [film.id, film.shots, uploads]);

  const onEvent = useCallback(
    (event: FilmFeedEvent) => {
      if (event.type === "shot") {
        uploads.settle(film.id, event.index, event.state, event.error_code ?? event.error_message);
        refresh(REFRESH_BURST_MS);
      } else if (event.type === "shot-deleted") {
        uploads.settle(film.id, event.index, "deleted");
        refresh(REFRESH_BURST_MS);
      } else if (event.type === "download") {
        reportZipFileDone(film.id, event.progress);
      } else if (event.type === "roll") {
        // A step of the roll's life (the lab received it, Latent marked it scanned): the roll and its timeline.
        refresh(REFRESH_BURST_MS);
      } else if (event.type === "answers") {
        // Guests favourited or commented through one of the roll's links (issue 31).
        refreshAnswers(REFRESH_BURST_MS);
      }
    },
    [film.id, uploads, refresh, refreshAnswers],
  );
  const feed = useFilmFeed(film.id, () => createWsTicket(api, film.id), onEvent);

  const manifest = useCallback(() => getFilmDownload(api, film.id), [api, film.id]);
  const contactSheet = useCallback(
    (paper: ContactSheetPaper) => downloadContactSheet(api, film.id, paper, i18n.language),
    [api, film.id, i18n.language],
  );
  const onStaleImage = useCallback(() => refresh(STALE_LINK_DELAY_MS), [refresh]);

  const confirmDelete = () =>
    modals.openConfirmModal({
      closeButtonProps: { "aria-label": t("films:close") },
      title: t("delete.title", { name: title }),
      children: <Text size="sm">{t("delete.text", { name: title, count: film.shot_count })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(film.id, {
          onSuccess: () => {
            uploads.forgetFilm(film.id);
            notifications.show({
              closeButtonProps: { "aria-label": t("errors:dismiss") },
              color: "green",
              message: t("delete.done", { name: title }),
            });
            navigate(home.to);
          },
          onError: (err) =>
            notifications.show({
              closeButtonProps: { "aria-label": t("errors:dismiss") },
              color: "red",
              title: t("delete.failed"),
              message: errorText(err),
            }),
        }),
    });

  const nameOf = (list: { id: string; name: string }[] | undefined, id: string | null) =>
    id ? (list?.find((g) => g.id === id)?.name ?? null) : null;
  // Known once both lists are in; until then the lightbox leaves camera and lens out rather than call them deleted.
  const gearName: GearName | undefined =
    cameras.data && lenses.data ? (kind, id) => nameOf(kind === "camera" ? cameras.data : lenses.data, id) : undefined;
  const hasDone = film.shots.some((s) => s.state === "done");
  // One click on a tile (or K in the lightbox) keeps a shot. Stable, so the tiles' memo holds while uploads move.
  const { mutate: saveShot } = useUpdateShot(film.id);
  const keepFailedText = useRef(errorText);
  keepFailedText.current = errorText;
  const toggleKeep = useCallback(
    (index: number, kept: boolean) =>
      saveShot(
        { index, kept },
        {
          onError: (err) =>
            notifications.show({
              closeButtonProps: { "aria-label": t("errors:dismiss") },
              color: "red",
              title: t("keep.failed", { index }),
              message: keepFailedText.current(err),
            }),
        },
      ),
    [saveShot, t],
  );
  // A failed or paused upload is retried, or removed, from its tile.
  const tileActions = (item: GalleryItem) =>
    item.state === "error" || item.state === "paused" ? (
      <UploadActions
        filmId={film.id}
        index={item.index}
        state={item.state}
        error={item.error}
        removesServerShot={item.shot !== null && item.shot.state !== "done"}
        size="compact-xs"
      />
    ) : null;

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor component={Link} to={home.to} size="sm">
        {t(home.text)}
      </Anchor>
      <FilmSummary
        film={film}
        failed={film.shots.filter((s) => s.state === "error").length}
        camera={nameOf(cameras.data, film.camera_id)}
        lens={nameOf(lenses.data, film.lens_id)}
        actions={
          <Stack gap="xs" align="flex-end">
            <Group gap="xs">
              <Button variant="default" onClick={() => setEditing(true)}>
                {t("common:actions.edit")}
              </Button>
              <Button variant="default" onClick={() => setSharing(true)}>
                {t("share.action")}
              </Button>
              <Button variant="light" color="red" onClick={confirmDelete} loading={remove.isPending}>
                {t("common:actions.delete")}
              </Button>
            </Group>
            <DownloadControl downloadKey={film.id} manifest={manifest} disabled={!hasDone} feed={feed} />
            <ContactSheetButton film={film} fetchSheet={contactSheet} disabled={!hasDone} />
          </Stack>
        }
      />

      <RollLifePanel filmId={film.id} side={role === "lab" ? "lab" : "owner"} />

      <StickerPanel film={film} />

      <section aria-labelledby="upload-title">
        <Title order={2} size="h3" id="upload-title" mb="sm">
          {t("upload.title")}
        </Title>
        <UploadPanel film={film} />
      </section>

      <section aria-labelledby="gallery-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="gallery-title">
            {t("gallery.title")}
          </Title>
          {film.shots.length > 0 && (
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setImportingLog(true)}>
                {t("frameLog.action")}
              </Button>
              <Button variant="default" size="xs" onClick={() => setNotingMany(true)}>
                {t("bulk.action")}
              </Button>
            </Group>
          )}
        </Group>
        <ShotGallery items={items} onOpen={lightbox.show} onStaleImage={onStaleImage} tileActions={tileActions} onToggleKeep={toggleKeep} />
      </section>

      <OwnerAnswersPanel scope={{ kind: "film", id: film.id }} name={title} />

      <ShotLightbox
        onStaleImage={onStaleImage}
        film={film}
        items={items}
        openIndex={lightbox.openIndex}
        onNavigate={lightbox.show}
        onClose={lightbox.close}
        gearName={gearName}
        onToggleKeep={toggleKeep}
        editor={(item, done) => (
          <ShotEditPanel
            key={`${item.index}-${item.shot?.id ?? "upload"}`}
            film={film}
            shot={item.shot}
            index={item.index}
            onDeleted={lightbox.close}
            onDone={done}
          />
        )}
      />
      <Modal
        closeButtonProps={{ "aria-label": t("films:close") }}
        opened={editing}
        onClose={() => setEditing(false)}
        title={t("form.editTitle", { name: title })}
        size="lg"
      >
        {editing && <FilmForm film={film} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      </Modal>
      <ShareDialog filmId={film.id} opened={sharing} onClose={() => setSharing(false)} />
      <BulkExposureDialog film={film} opened={notingMany} onClose={() => setNotingMany(false)} />
      <FrameLogDialog film={film} opened={importingLog} onClose={() => setImportingLog(false)} />
    </Stack>
  );
}

/** One roll: its details and actions, upload of its scans, and its gallery (spec §2 film overview). */
export function FilmScreen({ stickerPanel }: FilmScreenProps) {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  const { filmId = "" } = useParams();
  const film = useFilm(filmId);
  const home = rollHome(null, useCurrentUser().role);

  if (film.isPending) {
    return (
      <Stack gap="md" maw={1400} aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={18} width="30%" />
        <Skeleton height={140} />
        <Skeleton height={300} />
      </Stack>
    );
  }
  if (film.isError) {
    const gone = film.error instanceof ApiError && film.error.status === 404;
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{gone ? t("overview.notFound.title") : t("overview.loadFailed")}</Title>
        <Alert color={gone ? "gray" : "red"} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{gone ? t("overview.notFound.text") : errorText(film.error)}</Text>
            <Group gap="xs">
              {!gone && (
                <Button size="xs" variant="light" onClick={() => film.refetch()}>
                  {t("common:actions.retry")}
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={home.to}>
                {t(home.text)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <FilmLoaded film={film.data} stickerPanel={stickerPanel} />;
}
