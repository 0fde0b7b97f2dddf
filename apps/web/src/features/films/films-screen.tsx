import { paths } from "@latent/domain/app-paths";
import { FORMATS, PROCESSES } from "@latent/domain/film-config";
import type { ListFilmsQuery } from "@latent/domain/films";
import { hasRoomFor } from "@latent/domain/plans";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { PlanLimitedButton } from "../../shared/ui/plan-limited-button.tsx";
import { PrivacyPolicyNotice } from "../../shared/ui/privacy-policy-notice.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useFilms } from "./api/list-films.ts";
import { FilmCard } from "./components/film-card.tsx";
import { FilmForm } from "./components/film-form.tsx";
import { processName } from "./public/process-name.ts";

const FILTERS = ["search", "format", "process", "year"] as const;

/** The filters of the list, kept in the address so a reload or Back shows the same rolls. */
function useFilmFilters() {
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get("search") ?? "");
  const search = params.get("search") ?? "";
  const format = params.get("format") ?? "";
  const process = params.get("process") ?? "";
  const year = params.get("year") ?? "";

  const set = (key: (typeof FILTERS)[number], value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  // The list follows the typing once it pauses, not at every key.
  const setSearchLater = useDebouncedCallback((text: string) => set("search", text.trim()), 300);
  const changeSearch = (text: string) => {
    setSearchText(text);
    setSearchLater(text);
  };

  const query: ListFilmsQuery = {
    search: search || undefined,
    format: (FORMATS as readonly string[]).includes(format) ? (format as ListFilmsQuery["format"]) : undefined,
    process: (PROCESSES as readonly string[]).includes(process) ? (process as ListFilmsQuery["process"]) : undefined,
    year: /^\d{4}$/.test(year) ? Number(year) : undefined,
  };
  const active = Boolean(query.search || query.format || query.process || query.year);
  const clear = () => {
    setSearchText("");
    setParams(new URLSearchParams(), { replace: true });
  };
  return { searchText, changeSearch, format, process, year, set, query, active, clear };
}

function FilmsSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-busy="true" aria-label={t("loading")}>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} withBorder padding="md">
          <Card.Section>
            <Skeleton height={160} radius={0} />
          </Card.Section>
          <Skeleton height={18} mt="sm" width="70%" />
          <Skeleton height={12} mt="xs" width="50%" />
          <Skeleton height={12} mt="xs" width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The user's rolls: search, filters, cards, and the way to register a new one (spec §2 films). */
export function FilmsScreen() {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const filters = useFilmFilters();
  const films = useFilms(filters.query);
  // Every roll, to offer the years they were shot in; the same request as the list while no filter is set.
  const all = useFilms({});
  const [creating, setCreating] = useState(false);

  const years = useMemo(
    () => [...new Set((all.data ?? []).map((f) => f.year).filter((y): y is number => y !== null))].sort((a, b) => b - a),
    [all.data],
  );
  const limit = user.max_films_capacity;
  const full = !hasRoomFor(user.usage.films, limit);
  // At the limit, "New roll" says so before any form is filled (the server still refuses a race, see FilmForm).
  const newButton = (label: string, justify?: "center") => (
    <PlanLimitedButton
      full={full}
      reason={t("limit.reached", { count: limit ?? 0 })}
      upgrade={t("limit.upgrade")}
      onClick={() => setCreating(true)}
      justify={justify}
    >
      {label}
    </PlanLimitedButton>
  );

  let body: ReactNode;
  if (films.isPending) {
    body = <FilmsSkeleton />;
  } else if (films.isError) {
    body = (
      <Alert color="red" title={t("list.loadFailed")} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(films.error)}</Text>
          <Button size="xs" variant="light" onClick={() => films.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (films.data.length === 0 && !filters.active) {
    body = (
      <EmptyState title={t("list.empty.title")} description={t("list.empty.text")} py="xl">
        <EmptyState.Actions>{newButton(t("list.empty.action"), "center")}</EmptyState.Actions>
      </EmptyState>
    );
  } else if (films.data.length === 0) {
    body = (
      <EmptyState title={t("list.noMatch.title")} description={t("list.noMatch.text")} py="xl">
        <EmptyState.Actions>
          <Button variant="default" onClick={filters.clear}>
            {t("list.clearFilters")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
        component="ul"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
        aria-label={t("list.title")}
      >
        {films.data.map((film) => (
          <li key={film.id}>
            <FilmCard film={film} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between">
        <Title order={1}>{t("list.title")}</Title>
        {newButton(t("list.new"))}
      </Group>

      {!user.policy_accepted && <PrivacyPolicyNotice title={t("privacy.title")} text={t("privacy.text")} action={t("privacy.action")} />}

      <Group align="flex-end" gap="sm" role="search" aria-label={t("list.filters")}>
        <TextInput
          label={t("list.search")}
          placeholder={t("list.searchPlaceholder")}
          type="search"
          value={filters.searchText}
          onChange={(event) => filters.changeSearch(event.currentTarget.value)}
          style={{ flex: "1 1 240px" }}
        />
        <NativeSelect
          label={t("fields.format")}
          value={filters.format}
          onChange={(event) => filters.set("format", event.currentTarget.value)}
          data={[{ value: "", label: t("list.allFormats") }, ...FORMATS.map((f) => ({ value: f, label: t(`gear:formats.${f}`) }))]}
        />
        <NativeSelect
          label={t("fields.process")}
          value={filters.process}
          onChange={(event) => filters.set("process", event.currentTarget.value)}
          data={[{ value: "", label: t("list.allProcesses") }, ...PROCESSES.map((p) => ({ value: p, label: processName(p, t, "long") }))]}
        />
        <NativeSelect
          label={t("fields.year")}
          value={filters.year}
          onChange={(event) => filters.set("year", event.currentTarget.value)}
          data={[
            { value: "", label: t("list.allYears") },
            ...[...new Set([...years, ...(filters.year ? [Number(filters.year)] : [])])].map((y) => ({
              value: String(y),
              label: String(y),
            })),
          ]}
        />
        {filters.active && (
          <Button variant="subtle" onClick={filters.clear}>
            {t("list.clearFilters")}
          </Button>
        )}
      </Group>

      <div aria-live="polite">
        {films.isSuccess && filters.active && (
          <Text size="sm" c="dimmed">
            {t("list.results", { count: films.data.length })}
          </Text>
        )}
      </div>

      {body}

      <Modal
        closeButtonProps={{ "aria-label": t("films:close") }}
        opened={creating}
        onClose={() => setCreating(false)}
        title={t("form.newTitle")}
        size="lg"
      >
        {creating && (
          <FilmForm
            onCancel={() => setCreating(false)}
            onSaved={(film) => {
              setCreating(false);
              navigate(paths.user.film.to(film.id));
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
