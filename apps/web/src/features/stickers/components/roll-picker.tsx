import { paths } from "@latent/domain/app-paths";
import type { Film } from "@latent/domain/films";
import type { Sticker } from "@latent/domain/stickers";
import { Alert, Badge, Button, Code, Group, Loader, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useFilms } from "../../films/api/list-films.ts";
import { useLinkSticker } from "../api/link-sticker.ts";

/** Typing in the search box asks the server once the user pauses, not at every key. */
const SEARCH_DEBOUNCE_MS = 300;

/** A roll as its list shows it: its name, else its stock (as on the roll's own page). */
const rollName = (film: Pick<Film, "name" | "brand" | "model">) => film.name.trim() || `${film.brand} ${film.model}`.trim();

/** The owner's unlinked sticker: choose one of their rolls and link it, then open that roll. */
export function RollPicker({ sticker }: { sticker: Sticker }) {
  const { t } = useTranslation("stickers");
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const films = useFilms(debounced ? { search: debounced } : {});
  const [chosen, setChosen] = useState<string | null>(null);
  const link = useLinkSticker();
  const chosenFilm = films.data?.find((f) => f.id === chosen) ?? null;

  const linkTo = (film: Film, move: boolean) =>
    link.mutate(
      { sticker_hash: sticker.sticker_hash, film_id: film.id, move },
      {
        onSuccess: (linked) => navigate(paths.user.film.to(linked.id), { replace: true }),
        onError: (err) => {
          // The roll has another sticker: replacing it is the user's call, so ask before moving.
          if (!move && err instanceof ApiError && err.code === "film-has-sticker")
            modals.openConfirmModal({
              closeButtonProps: { "aria-label": t("close") },
              title: t("pick.replaceTitle"),
              children: <Text size="sm">{t("pick.replaceText", { name: rollName(film) })}</Text>,
              labels: { confirm: t("pick.replace"), cancel: t("common:actions.cancel") },
              onConfirm: () => linkTo(film, true),
            });
        },
      },
    );

  const failure = link.error && !(link.error instanceof ApiError && link.error.code === "film-has-sticker") ? link.error : null;

  const list = () => {
    if (films.isPending) return <Loader aria-label={t("pick.loading")} />;
    if (films.isError)
      return (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(films.error)}</Text>
            <Button size="xs" variant="light" onClick={() => films.refetch()}>
              {t("page.failed.retry")}
            </Button>
          </Stack>
        </Alert>
      );
    if (films.data.length === 0) return <Text c="dimmed">{debounced ? t("pick.empty") : t("pick.none")}</Text>;
    return (
      <Radio.Group value={chosen} onChange={setChosen} label={t("pick.rolls")}>
        <Stack gap="xs" mt="xs">
          {films.data.map((film) => (
            <Radio
              key={film.id}
              value={film.id}
              label={
                <Group gap="xs">
                  <Text span fw={500}>
                    {rollName(film)}
                  </Text>
                  {film.sticker_hash && (
                    <Badge size="sm" variant="light" color="gray">
                      {t("pick.hasSticker")}
                    </Badge>
                  )}
                </Group>
              }
              description={`${film.brand} ${film.model} · ${film.format}${film.year ? ` · ${film.year}` : ""}`}
            />
          ))}
        </Stack>
      </Radio.Group>
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("pick.title")}</Title>
      <Text>
        {t("pick.intro")} <Code>{sticker.short_id}</Code>
      </Text>
      <TextInput
        type="search"
        label={t("pick.search")}
        placeholder={t("pick.searchPlaceholder")}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list()}
      {failure && (
        <Alert color="red" role="alert" title={t("pick.failed")}>
          {errorText(failure)}
        </Alert>
      )}
      <div>
        <Button disabled={!chosenFilm} loading={link.isPending} onClick={() => chosenFilm && linkTo(chosenFilm, false)}>
          {t("pick.link")}
        </Button>
      </div>
    </Stack>
  );
}
