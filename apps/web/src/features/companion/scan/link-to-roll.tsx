import { paths } from "@latent/domain/app-paths";
import type { Film } from "@latent/domain/films";
import type { Sticker } from "@latent/domain/stickers";
import { Alert, Button, Code, Loader, Radio, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useFilms } from "../../films/api/list-films.ts";
import { filmTitle } from "../../films/public/uploads.ts";
import { useLinkSticker } from "../../stickers/api/link-sticker.ts";

/** The user's own sticker, on no roll yet: pick one of their rolls, link it (PUT film/link), and open that roll. */
export function LinkToRoll({ sticker }: { sticker: Sticker }) {
  const { t } = useTranslation("companion");
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const films = useFilms({});
  const link = useLinkSticker();
  const [chosen, setChosen] = useState<string | null>(null);
  const chosenFilm = films.data?.find((f) => f.id === chosen) ?? null;

  const linkTo = (film: Film, move: boolean) =>
    link.mutate(
      { sticker_hash: sticker.sticker_hash, film_id: film.id, move },
      {
        onSuccess: (linked) => navigate(paths.companion.roll.to(linked.id)),
        onError: (err) => {
          // The roll has another sticker: replacing it is the user's call.
          if (!move && err instanceof ApiError && err.code === "film-has-sticker")
            modals.openConfirmModal({
              closeButtonProps: { "aria-label": t("close") },
              title: t("link.replaceTitle"),
              children: <Text size="sm">{t("link.replaceText", { name: filmTitle(film) })}</Text>,
              labels: { confirm: t("link.replace"), cancel: t("common:actions.cancel") },
              onConfirm: () => linkTo(film, true),
            });
        },
      },
    );
  const failure = link.error && !(link.error instanceof ApiError && link.error.code === "film-has-sticker") ? link.error : null;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t("link.title")}
      </Title>
      <Text size="sm">
        {t("link.intro")} <Code>{sticker.short_id}</Code>
      </Text>
      {films.isPending ? (
        <Loader aria-label={t("rolls.loading")} />
      ) : films.isError ? (
        <Alert color="red" role="alert">
          {errorText(films.error)}
        </Alert>
      ) : films.data.length === 0 ? (
        <Text c="dimmed">{t("link.noRolls")}</Text>
      ) : (
        <Radio.Group value={chosen} onChange={setChosen} label={t("link.rolls")}>
          <Stack gap="xs" mt="xs">
            {films.data.map((film) => (
              <Radio key={film.id} value={film.id} label={filmTitle(film)} description={`${film.brand} ${film.model} · ${film.format}`} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {failure && (
        <Alert color="red" role="alert" title={t("link.failed")}>
          {errorText(failure)}
        </Alert>
      )}
      <Button fullWidth disabled={!chosenFilm} loading={link.isPending} onClick={() => chosenFilm && linkTo(chosenFilm, false)}>
        {t("link.action")}
      </Button>
    </Stack>
  );
}
