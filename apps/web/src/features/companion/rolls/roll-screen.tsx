import { paths } from "@latent/domain/app-paths";
import type { FilmDetail } from "@latent/domain/films";
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError, NETWORK_ERROR } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { createWsTicket } from "../../films/api/create-ws-ticket.ts";
import { filmKeys } from "../../films/api/film-keys.ts";
import { useFilm } from "../../films/api/get-film.ts";
import { galleryItems } from "../../films/public/gallery-items.ts";
import { processName } from "../../films/public/process-name.ts";
import { ShotGallery } from "../../films/public/shot-gallery.tsx";
import { ShotLightbox } from "../../films/public/shot-lightbox.tsx";
import { filmTitle, useFilmUploads, useUploadManager } from "../../films/public/uploads.ts";
import { STALE_LINK_DELAY_MS, useDelayedRefresh } from "../../films/public/use-delayed-refresh.ts";
import { type FilmFeedEvent, useFilmFeed } from "../../films/public/use-film-feed.ts";
import { useShotInUrl } from "../../films/public/use-shot-in-url.ts";
import { useOnline } from "../offline/use-online.ts";
import { PhoneUpload } from "./phone-upload.tsx";

/** Realtime events come in bursts (one per shot): the roll is fetched once per burst. */
const REFRESH_BURST_MS = 400;

function RollLoaded({ film }: { film: FilmDetail }) {
  const { t } = useTranslation("companion");
  const api = useApiClient();
  const online = useOnline();
  const uploads = useUploadManager();
  const filmUploads = useFilmUploads(film.id);
  const refresh = useDelayedRefresh(filmKeys.detail(film.id));
  const lightbox = useShotInUrl();
  const items = useMemo(() => galleryItems(film.shots, filmUploads), [film.shots, filmUploads]);

  // The server's copy of the roll says when sent photos are processed (also when the realtime feed is down).
  useEffect(() => {
    for (const shot of film.shots)
      if (shot.state !== "uploading") uploads.settle(film.id, shot.index, shot.state, shot.error_code ?? shot.error_message);
  }, [film.id, film.shots, uploads]);

  const onEvent = useCallback(
    (event: FilmFeedEvent) => {
      if (event.type === "shot") uploads.settle(film.id, event.index, event.state, event.error_code ?? event.error_message);
      else if (event.type === "shot-deleted") uploads.settle(film.id, event.index, "deleted");
      else return;
      refresh(REFRESH_BURST_MS);
    },
    [film.id, uploads, refresh],
  );
  useFilmFeed(film.id, () => createWsTicket(api, film.id), onEvent);
  // Offline, a picture missing from the cache stays missing: asking the server again would not help.
  const onStaleImage = useCallback(() => {
    if (navigator.onLine) refresh(STALE_LINK_DELAY_MS);
  }, [refresh]);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.companion.rolls} size="sm">
        {t("roll.back")}
      </Anchor>
      <div>
        <Title order={1} size="h3">
          {filmTitle(film)}
        </Title>
        <Text size="sm" c="dimmed">
          {`${film.brand} ${film.model} · ISO ${film.iso} · ${film.format} · ${processName(film.process, t)}`}
        </Text>
      </div>
      {online ? (
        <PhoneUpload film={film} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("upload.offline")}
        </Text>
      )}
      <section aria-label={t("roll.gallery")}>
        <ShotGallery items={items} onOpen={lightbox.show} onStaleImage={onStaleImage} />
      </section>
      <ShotLightbox
        film={film}
        items={items}
        openIndex={lightbox.openIndex}
        onNavigate={lightbox.show}
        onClose={lightbox.close}
        onStaleImage={onStaleImage}
      />
    </Stack>
  );
}

/** One roll on the phone: its shots as thumbnails (tap for the preview) and photos added from the phone. */
export function RollScreen() {
  const { t } = useTranslation("companion");
  const errorText = useApiErrorText();
  const { filmId = "" } = useParams();
  const film = useFilm(filmId);
  const online = useOnline();

  // Offline with nothing kept for this roll (the service worker had no copy to answer with): the request fails or
  // waits for a network, and saying so beats a spinner or a bare network error. A kept roll never gets here.
  const notKept = !online && film.isError && (!(film.error instanceof ApiError) || film.error.code === NETWORK_ERROR);
  if ((film.isPending && film.fetchStatus === "paused") || notKept) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t("roll.offlineTitle")}
        </Title>
        <Text>{t("roll.offlineText")}</Text>
        <Button variant="default" component={Link} to={paths.companion.rolls}>
          {t("roll.back")}
        </Button>
      </Stack>
    );
  }
  if (film.isPending) return <Loader aria-label={t("roll.loading")} />;
  if (film.isError) {
    const gone = film.error instanceof ApiError && film.error.status === 404;
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          {gone ? t("roll.notFound") : t("roll.failed")}
        </Title>
        {!gone && (
          <Alert color="red" role="alert">
            {errorText(film.error)}
          </Alert>
        )}
        <Button variant="default" component={Link} to={paths.companion.rolls}>
          {t("roll.back")}
        </Button>
      </Stack>
    );
  }
  return <RollLoaded film={film.data} />;
}
