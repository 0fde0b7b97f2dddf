import { paths } from "@latent/domain/app-paths";
import type { Film } from "@latent/domain/films";
import { hasRoomFor } from "@latent/domain/plans";
import type { ShotHit } from "@latent/domain/roll-search";
import {
  Alert,
  Button,
  Card,
  Collapse,
  EmptyState,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { PlanLimitedButton } from "../../shared/ui/plan-limited-button.tsx";
import { PrivacyPolicyNotice } from "../../shared/ui/privacy-policy-notice.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { FilmCard } from "./components/film-card.tsx";
import { FilmForm } from "./components/film-form.tsx";
import { useRollSearch, useShotSearch } from "./search/api/search-archive.ts";
import { isFiltered, sentRollFilters, sentShotFilters } from "./search/archive-filters.ts";
import { itemsOfPages } from "./search/keyset-pages.ts";
import { RollFilters } from "./search/roll-filters.tsx";
import { ShotFilters } from "./search/shot-filters.tsx";
import { ShotResults } from "./search/shot-results.tsx";
import { useArchiveSearch } from "./search/use-archive-search.ts";

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

/** What a paged search shows below its filters: loading, its failure, nothing found, or the results and "Load more". */
interface PagedResultsProps<T> {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  items: T[];
  failedText: string;
  /** Shown when nothing at all was found (not filtered: an empty archive; filtered: no match). */
  empty: ReactNode;
  count: (count: number) => string;
  children: ReactNode;
}

function PagedResults<T>({ query, items, failedText, empty, count, children }: PagedResultsProps<T>) {
  const { t } = useTranslation("films");
  const errorText = useApiErrorText();
  if (query.isPending) return <FilmsSkeleton />;
  if (query.isError && items.length === 0)
    return <LoadFailedAlert title={failedText} error={query.error} onRetry={() => query.refetch()} />;
  if (items.length === 0) return empty;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {query.hasNextPage ? t("search.shownMore", { count: items.length }) : count(items.length)}
      </Text>
      {children}
      {query.isError && (
        <Alert color="red" role="alert" title={t("search.moreFailed")}>
          {errorText(query.error)}
        </Alert>
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t("search.loadMore")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The user's rolls: search, filters, cards, and the way to register a new one (spec §2 films). */
export function FilmsScreen() {
  const { t } = useTranslation("films");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const search = useArchiveSearch();
  const rollsShown = search.view === "rolls";
  const rolls = useRollSearch(sentRollFilters(search.rollFilters), search.sort, rollsShown);
  const shots = useShotSearch(sentShotFilters(search.shotFilters), !rollsShown);
  const rollItems = useMemo(() => itemsOfPages<Film>(rolls.data?.pages, (film) => film.id), [rolls.data]);
  const shotItems = useMemo(() => itemsOfPages<ShotHit>(shots.data?.pages, (hit) => hit.shot_id), [shots.data]);
  const filters = rollsShown ? search.rollFilters : search.shotFilters;
  const filtered = isFiltered(filters);
  // More than words: the filter fields open by themselves, so a bookmarked search shows what it holds.
  const [filtersOpen, setFiltersOpen] = useState(() => Object.keys(filters).some((key) => key !== "q"));
  const filtersId = useId();
  const [creating, setCreating] = useState(false);

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
  const words = search.rollFilters.q ?? search.shotFilters.q;
  const noMatch = (
    <EmptyState
      title={rollsShown ? t("list.noMatch.title") : t("search.noFrames.title")}
      description={
        words
          ? t(rollsShown ? "search.noMatchWords" : "search.noFrames.words", { words })
          : t(rollsShown ? "list.noMatch.text" : "search.noFrames.text")
      }
      py="xl"
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={search.clear}>
          {t("list.clearFilters")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between">
        <Title order={1}>{t("list.title")}</Title>
        {newButton(t("list.new"))}
      </Group>

      {!user.policy_accepted && <PrivacyPolicyNotice title={t("privacy.title")} text={t("privacy.text")} action={t("privacy.action")} />}

      <Tabs value={search.view} onChange={(view) => view && search.setView(view)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rolls">{t("search.rollsTab")}</Tabs.Tab>
          <Tabs.Tab value="frames">{t("search.framesTab")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <Stack gap="sm" role="search" aria-label={t("list.filters")}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t("list.search")}
            placeholder={rollsShown ? t("search.rollsPlaceholder") : t("search.framesPlaceholder")}
            type="search"
            value={search.text}
            onChange={(event) => search.changeText(event.currentTarget.value)}
            style={{ flex: "1 1 240px" }}
          />
          <Button variant="default" onClick={() => setFiltersOpen((open) => !open)} aria-expanded={filtersOpen} aria-controls={filtersId}>
            {filtersOpen ? t("search.hideFilters") : t("search.showFilters")}
          </Button>
          {filtered && (
            <Button variant="subtle" onClick={search.clear}>
              {t("list.clearFilters")}
            </Button>
          )}
        </Group>
        <Collapse expanded={filtersOpen} id={filtersId}>
          {rollsShown ? <RollFilters search={search} /> : <ShotFilters search={search} />}
        </Collapse>
      </Stack>

      {rollsShown ? (
        <PagedResults
          query={rolls}
          items={rollItems}
          failedText={t("list.loadFailed")}
          count={(count) => t("list.results", { count })}
          empty={
            filtered ? (
              noMatch
            ) : (
              <EmptyState title={t("list.empty.title")} description={t("list.empty.text")} py="xl">
                <EmptyState.Actions>{newButton(t("list.empty.action"), "center")}</EmptyState.Actions>
              </EmptyState>
            )
          }
        >
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            component="ul"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label={t("list.title")}
          >
            {rollItems.map((film) => (
              <li key={film.id}>
                <FilmCard film={film} />
              </li>
            ))}
          </SimpleGrid>
        </PagedResults>
      ) : (
        <PagedResults
          query={shots}
          items={shotItems}
          failedText={t("search.framesFailed")}
          count={(count) => t("search.frames", { count })}
          empty={filtered ? noMatch : <EmptyState title={t("search.noFrames.title")} description={t("search.noFrames.none")} py="xl" />}
        >
          <ShotResults hits={shotItems} />
        </PagedResults>
      )}

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
