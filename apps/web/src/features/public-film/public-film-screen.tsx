import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { PublicFilm } from "@latent/domain/films";
import { Alert, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { needsPassword, ShareLinkError } from "../../shared/api/share-link-client.ts";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { ContactSheetButton } from "../films/public/contact-sheet-button.tsx";
import { DownloadControl } from "../films/public/download-control.tsx";
import { FilmSummary } from "../films/public/film-summary.tsx";
import { type GalleryItem, galleryItems } from "../films/public/gallery-items.ts";
import { reportZipFileDone } from "../films/public/report-zip-file-done.ts";
import { ShotGallery } from "../films/public/shot-gallery.tsx";
import { ShotLightbox } from "../films/public/shot-lightbox.tsx";
import { STALE_LINK_DELAY_MS, useDelayedRefresh } from "../films/public/use-delayed-refresh.ts";
import { useFilmFeed } from "../films/public/use-film-feed.ts";
import { useShotInUrl } from "../films/public/use-shot-in-url.ts";
import { guestAnswersKey } from "../guest-answers/api/get-guest-answers.ts";
import { FrameAnswers, RollComments } from "../guest-answers/public/frame-answers.tsx";
import { GuestAnswersProvider } from "../guest-answers/public/guest-session.tsx";
import { PasswordPrompt } from "../guest-answers/public/password-prompt.tsx";
import { useLinkFavourites } from "../guest-answers/public/use-link-favourites.ts";
import { SharedTimeline } from "../roll-life/public/shared-timeline.tsx";
import { createPublicWsTicket } from "./api/create-public-ws-ticket.ts";
import { downloadPublicContactSheet } from "./api/download-public-contact-sheet.ts";
import { getPublicDownload } from "./api/get-public-download.ts";
import { usePublicFilm } from "./api/get-public-film.ts";

const NO_UPLOADS: never[] = [];

function SharedFilm({ film, code }: { film: PublicFilm; code: string }) {
  const { t, i18n } = useTranslation("films");
  const queryClient = useQueryClient();
  const lightbox = useShotInUrl();
  // Only finished scans are shown to visitors: the others have nothing to see yet.
  const items = useMemo(
    () =>
      galleryItems(
        film.shots.filter((s) => s.state === "done"),
        NO_UPLOADS,
      ),
    [film.shots],
  );
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ["public-film", code] }), [queryClient, code]);
  const downloadKey = `shared-${film.id}`;
  const feed = useFilmFeed(
    film.id,
    () => createPublicWsTicket(code),
    (event) => {
      // A step of the roll's life reaches a visitor only when the owner shows the timeline (the server skips it otherwise).
      if (event.type === "shot" || event.type === "shot-deleted" || event.type === "roll") void refresh();
      else if (event.type === "download") reportZipFileDone(downloadKey, event.progress);
      else if (event.type === "answers") void queryClient.invalidateQueries({ queryKey: guestAnswersKey("film", code) });
    },
  );
  const manifest = useCallback(() => getPublicDownload(code), [code]);
  const contactSheet = useCallback(
    (paper: ContactSheetPaper) => downloadPublicContactSheet(code, paper, i18n.language),
    [code, i18n.language],
  );
  const staleLinks = useDelayedRefresh(["public-film", code]);
  const onStaleImage = useCallback(() => staleLinks(STALE_LINK_DELAY_MS), [staleLinks]);
  const { favourites, onToggleFavourite } = useLinkFavourites(film.shots);
  const frameAnswers = useCallback(
    (item: GalleryItem) => (item.shot ? <FrameAnswers shotId={item.shot.id} frame={item.index} /> : null),
    [],
  );

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t("public.intro")}
      </Text>
      <FilmSummary
        film={{ ...film, shot_count: items.length }}
        actions={
          <Stack gap="xs" align="flex-end">
            {/* Downloads off: the owner shares previews only, and the server refuses the zip too. */}
            {film.link.downloads && (
              <DownloadControl downloadKey={downloadKey} manifest={manifest} disabled={items.length === 0} feed={feed} />
            )}
            <ContactSheetButton film={film} fetchSheet={contactSheet} disabled={items.length === 0} />
          </Stack>
        }
      />
      {film.timeline && <SharedTimeline events={film.timeline} />}
      <section aria-labelledby="shared-gallery-title">
        <Title order={2} size="h3" id="shared-gallery-title" mb="sm">
          {t("gallery.title")}
        </Title>
        <ShotGallery
          items={items}
          onOpen={lightbox.show}
          onStaleImage={onStaleImage}
          emptyText={t("public.empty")}
          favourites={favourites}
          onToggleFavourite={onToggleFavourite}
        />
      </section>
      <RollComments title={t("guestAnswers:comments.rollTitle")} />
      <ShotLightbox
        film={film}
        items={items}
        openIndex={lightbox.openIndex}
        onNavigate={lightbox.show}
        onClose={lightbox.close}
        onStaleImage={onStaleImage}
        favourites={favourites}
        onToggleFavourite={onToggleFavourite}
        answers={onToggleFavourite ? frameAnswers : undefined}
      />
    </Stack>
  );
}

/** A shared roll, for anyone holding the link (`/film?code=…`), with or without an account (spec §2). */
export function PublicFilmScreen() {
  const { t } = useTranslation("films");
  const [params] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";
  const film = usePublicFilm(code);

  if (code !== "" && film.isError && needsPassword(film.error))
    return <PasswordPrompt kind="film" code={code} onUnlocked={() => film.refetch()} />;
  if (code === "" || (film.isError && film.error instanceof ShareLinkError)) {
    // The owner revoked the link: say so, rather than that it may have expired.
    const texts = film.error instanceof ShareLinkError && film.error.code === "share-revoked" ? "public.revoked" : "public.invalid";
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t(`${texts}.title`)}</Title>
        <Alert color="gray" role="alert">
          {t(`${texts}.text`)}
        </Alert>
      </Stack>
    );
  }
  if (film.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={18} width="30%" />
        <Skeleton height={300} />
      </Stack>
    );
  }
  if (film.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t("public.loadFailed")}</Title>
        <LoadFailedAlert error={film.error} onRetry={() => film.refetch()} />
      </Stack>
    );
  }
  return (
    <GuestAnswersProvider kind="film" code={code} enabled={film.data.link.guest_answers}>
      <SharedFilm film={film.data} code={code} />
    </GuestAnswersProvider>
  );
}
