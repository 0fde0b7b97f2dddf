import { Alert, Button, Collapse, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useTimeline } from "../api/use-roll-life.ts";
import { NextStepButtons } from "../components/next-step-buttons.tsx";
import { RollTimeline, StatusBadge } from "./roll-timeline.tsx";

/** One roll of a lab's order: its status, the lab's next step as a button, and its timeline folded away. */
export function LabRollLife({ filmId, rollName }: { filmId: string; rollName: string }) {
  const { t } = useTranslation("rollLife");
  const errorText = useApiErrorText();
  const timeline = useTimeline("lab", filmId);
  const [open, { toggle }] = useDisclosure(false);
  const panelId = useId();

  if (timeline.isPending) return <Skeleton height={28} width={160} aria-label={t("loading")} />;
  if (timeline.isError)
    return (
      <Alert color="red" role="alert" p="xs">
        <Group gap="xs">
          <Text size="xs">{errorText(timeline.error)}</Text>
          <Button size="compact-xs" variant="light" onClick={() => timeline.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <StatusBadge status={timeline.data.status} size="sm" />
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={toggle}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={t(open ? "timeline.hideOf" : "timeline.showOf", { roll: rollName })}
        >
          {t(open ? "timeline.hide" : "timeline.show")}
        </Button>
      </Group>
      <NextStepButtons side="lab" filmId={filmId} next={timeline.data.next} size="xs" />
      <Collapse expanded={open} id={panelId}>
        <RollTimeline events={timeline.data.events} />
      </Collapse>
    </Stack>
  );
}
