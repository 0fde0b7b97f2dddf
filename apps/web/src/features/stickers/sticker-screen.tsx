import { AFTER_LOGIN_PATH, paths } from "@latent/domain/app-paths";
import { STICKER_HASH_PATTERN } from "@latent/domain/stickers";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useAuthSession, useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { useMySticker } from "./api/get-my-sticker.ts";
import { useStickerStatus } from "./api/get-sticker-status.ts";
import { stickerKeys } from "./api/sticker-keys.ts";
import { RollPicker } from "./components/roll-picker.tsx";
import { asksMine, type StickerPageState, stickerPageState } from "./sticker-page-state.ts";

/**
 * Whether someone is signed in, asked of the session itself: an access token that expired while the tab slept is
 * renewed here, where the provider's `isAuthenticated` would call that user a visitor.
 */
function useSignedIn(): boolean | null {
  const session = useAuthSession();
  const signedIn = useQuery({ queryKey: stickerKeys.session, queryFn: async () => (await session.activeUser()) !== null, staleTime: 0 });
  return signedIn.data ?? (signedIn.isError ? false : null);
}

function Foreign({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("stickers");
  const { signIn } = useSignIn();
  const { pathname } = useLocation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t("page.foreign.title")}</Title>
      <Text>{signedIn ? t("page.foreign.notYours") : t("page.foreign.text")}</Text>
      <Group gap="xs">
        {signedIn ? (
          <Button component={Link} to={AFTER_LOGIN_PATH} variant="light">
            {t("page.foreign.openApp")}
          </Button>
        ) : (
          <Button onClick={() => signIn(pathname)}>{t("page.foreign.signIn")}</Button>
        )}
      </Group>
    </Stack>
  );
}

function NotASticker() {
  const { t } = useTranslation("stickers");
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t("page.notFound.title")}</Title>
      <Alert color="gray" role="alert">
        {t("page.notFound.text")}
      </Alert>
      <div>
        <Button component={Link} to={paths.main} variant="default">
          {t("page.notFound.home")}
        </Button>
      </div>
    </Stack>
  );
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("stickers");
  const errorText = useApiErrorText();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t("page.failed.title")}</Title>
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(error)}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t("page.failed.retry")}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

/**
 * `/sticker/{hash}` (spec §2), the page a sticker's QR code opens: the owner goes to the roll (or picks one for a
 * sticker not linked yet); anyone else learns only that it is a Latent sticker, and may sign in to open it.
 */
export function StickerScreen() {
  const { t } = useTranslation("stickers");
  const { sticker_hash: hash = "" } = useParams();
  const signedIn = useSignedIn();
  const wellFormed = STICKER_HASH_PATTERN.test(hash);
  const status = useStickerStatus(hash, wellFormed);
  const mine = useMySticker(hash, asksMine(hash, signedIn) && status.data?.exists === true);
  const state: StickerPageState = stickerPageState({
    hash,
    signedIn,
    status: { data: status.data, error: status.error ?? undefined },
    mine: { data: mine.data, error: mine.error ?? undefined },
  });

  switch (state.kind) {
    case "loading":
      return <Loader aria-label={t("page.checking")} />;
    case "not-found":
      return <NotASticker />;
    case "foreign":
      return <Foreign signedIn={signedIn === true} />;
    case "go-to-roll":
      return <Navigate to={paths.user.film.to(state.filmId)} replace />;
    case "pick":
      return <RollPicker sticker={state.sticker} />;
    case "failed":
      return <Failed error={state.error} onRetry={() => void (status.isError ? status.refetch() : mine.refetch())} />;
  }
}
