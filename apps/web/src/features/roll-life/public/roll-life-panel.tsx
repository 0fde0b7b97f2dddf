import type { RollTimeline as Timeline } from "@latent/domain/roll-life";
import { Alert, Autocomplete, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import type { LifeSide } from "../api/life-api.ts";
import { useRequestReturn, useStorageLocations, useTimeline, useUpdateLife } from "../api/use-roll-life.ts";
import { NextStepButtons } from "../components/next-step-buttons.tsx";
import { formatDay } from "./life-texts.ts";
import { RollTimeline, StatusBadge } from "./roll-timeline.tsx";

const SUGGEST_DEBOUNCE_MS = 250;

/** Where the negatives are kept: free text, with the owner's earlier places offered while typing. */
function StorageLocation({ filmId, saved }: { filmId: string; saved: string | null }) {
  const { t } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const update = useUpdateLife(filmId);
  const [value, setValue] = useState(saved ?? "");
  const [typed] = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useStorageLocations(typed);
  const changed = value.trim() !== (saved ?? "");

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    update.mutate(
      { storage_location: value.trim() === "" ? null : value.trim() },
      {
        onSuccess: () =>
          notifications.show({
            color: "green",
            message: t("storage.saved"),
            closeButtonProps: { "aria-label": t("errors:dismiss") },
          }),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Autocomplete
          label={t("storage.label")}
          description={t("storage.hint")}
          placeholder={t("storage.placeholder")}
          data={(suggestions.data ?? []).filter((place) => place !== value)}
          value={value}
          onChange={setValue}
          maxLength={120}
          style={{ flex: "1 1 260px" }}
          error={update.isError ? errorText(update.error) : undefined}
        />
        <Button type="submit" variant="default" disabled={!changed} loading={update.isPending}>
          {t("storage.save")}
        </Button>
      </Group>
    </form>
  );
}

/** The lab keeps the negatives until a date: say so, and let the owner ask for them back (once). */
function HeldNegatives({ filmId, timeline }: { filmId: string; timeline: Timeline }) {
  const { t, i18n } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const ask = useRequestReturn(filmId);
  if (!timeline.held_until || timeline.status !== "archived") return null;
  const until = formatDay(timeline.held_until, i18n.language);
  return (
    <Alert color="orange" title={t("held.title", { date: until })}>
      <Stack gap="xs" align="flex-start">
        {timeline.return_requested_at ? (
          <Text size="sm" role="status">
            {t("held.requested", {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(timeline.return_requested_at)),
            })}
          </Text>
        ) : (
          <>
            <Text size="sm">{t("held.text")}</Text>
            <Button size="xs" variant="light" color="orange" onClick={() => ask.mutate()} loading={ask.isPending}>
              {t("held.ask")}
            </Button>
          </>
        )}
        {ask.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(ask.error)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function SharedSwitch({ filmId, shared }: { filmId: string; shared: boolean }) {
  const { t } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const update = useUpdateLife(filmId);
  // Shown at once; the server's answer (the timeline fetched again) settles it, a refusal puts it back.
  const checked = update.isPending && update.variables?.timeline_shared !== undefined ? update.variables.timeline_shared : shared;
  return (
    <Switch
      label={t("shared.label")}
      description={t("shared.hint")}
      checked={checked}
      onChange={(event) => update.mutate({ timeline_shared: event.currentTarget.checked })}
      disabled={update.isPending}
      error={update.isError ? errorText(update.error) : undefined}
    />
  );
}

interface RollLifeProps {
  filmId: string;
  /** The owner's page has the settings (shared timeline, storage location, negatives back); a lab's has its steps. */
  side: LifeSide;
}

/** The roll's life on its page: status, the next steps the viewer may take, its history, and the owner's settings. */
export function RollLifePanel({ filmId, side }: RollLifeProps) {
  const { t } = useTranslation("rollLife");
  const timeline = useTimeline(side, filmId);

  let body: React.ReactNode;
  if (timeline.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={28} width="40%" />
        <Skeleton height={60} />
      </Stack>
    );
  } else if (timeline.isError) {
    body = <LoadFailedAlert title={t("loadFailed")} error={timeline.error} onRetry={() => timeline.refetch()} />;
  } else {
    const data = timeline.data;
    body = (
      <Stack gap="md">
        <Group gap="sm">
          <StatusBadge status={data.status} size="lg" />
          <NextStepButtons side={side} filmId={filmId} next={data.next} />
        </Group>
        {side === "owner" && <HeldNegatives filmId={filmId} timeline={data} />}
        <RollTimeline events={data.events} />
        {side === "owner" && (
          <Stack gap="sm">
            <SharedSwitch filmId={filmId} shared={data.shared} />
            <StorageLocation key={data.storage_location ?? ""} filmId={filmId} saved={data.storage_location} />
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="roll-life-title">
      <Title order={2} size="h3" id="roll-life-title" mb="sm">
        {t("title")}
      </Title>
      {body}
    </Card>
  );
}
