import type { Lab } from "@latent/domain/labs";
import { Anchor, Card, EmptyState, Group, Image, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { useLabs } from "./api/list-labs.ts";
import { labPlace } from "./lab-place.ts";
import { webpageLabel } from "./public/lab-webpage.ts";

/** Typing waits this long before asking: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

function LabCard({ lab }: { lab: Lab }) {
  const { t } = useTranslation("labsDirectory");
  const place = labPlace(lab);
  return (
    <Card withBorder padding="md" component="li">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {/* The name follows as the card's heading: the logo adds nothing to read aloud. */}
        {lab.logo_url ? (
          <Image src={lab.logo_url} alt="" w={56} h={56} fit="contain" radius="sm" />
        ) : (
          <div style={{ width: 56, height: 56, flex: "none" }} aria-hidden />
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" lineClamp={2}>
            {lab.name}
          </Title>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {lab.webpage && (
            <Anchor href={lab.webpage} target="_blank" rel="noopener noreferrer" size="sm" aria-label={t("website", { lab: lab.name })}>
              {webpageLabel(lab.webpage)}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** `/u/labs` (labs flag, spec §2): the photo labs on Latent, searchable by name or place. */
export function LabsScreen() {
  const { t } = useTranslation("labsDirectory");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const labs = useLabs(debounced);

  let results: ReactNode;
  if (labs.isPending) {
    results = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t("common:loading")}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} />
        ))}
      </SimpleGrid>
    );
  } else if (labs.isError) {
    results = <LoadFailedAlert error={labs.error} onRetry={() => labs.refetch()} />;
  } else if (labs.data.length === 0) {
    results = (
      <EmptyState title={t("empty.title")} description={debounced ? t("empty.search", { search: debounced }) : t("empty.none")} py="xl" />
    );
  } else {
    results = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label={t("results", { count: labs.data.length })}
      >
        {labs.data.map((lab) => (
          <LabCard key={lab.id} lab={lab} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed">{t("intro")}</Text>
      </Stack>
      <TextInput
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <div aria-busy={labs.isFetching}>{results}</div>
    </Stack>
  );
}
