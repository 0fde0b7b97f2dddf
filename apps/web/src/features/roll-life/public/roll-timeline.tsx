import type { RollEvent, RollStatus } from "@latent/domain/roll-life";
import { Badge, Text, Timeline } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { eventDetails, eventTitle, newestFirst, statusText } from "./life-texts.ts";

/** The colour of a status badge: on its way (blue), at the lab (orange), done with (teal). */
export function statusColor(status: RollStatus | null): string {
  if (status === null) return "gray";
  if (status === "loaded" || status === "shot" || status === "sent") return "blue";
  if (status === "received" || status === "developed" || status === "archived") return "orange";
  return "teal";
}

export function StatusBadge({ status, size = "md" }: { status: RollStatus | null; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("rollLife");
  return (
    <Badge variant="light" color={statusColor(status)} size={size}>
      {statusText(status, t)}
    </Badge>
  );
}

interface RollTimelineProps {
  events: readonly RollEvent[];
  /** The text when the roll has no step yet. */
  emptyText?: string;
}

/** A roll's history, newest step first: what happened, when, who, and the step's details (lab, camera, tracking). */
export function RollTimeline({ events, emptyText }: RollTimelineProps) {
  const { t, i18n } = useTranslation("rollLife");
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText ?? t("timeline.empty")}
      </Text>
    );
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const shown = newestFirst(events);
  return (
    <Timeline
      active={0}
      bulletSize={14}
      lineWidth={2}
      aria-label={t("timeline.label")}
      component="ol"
      style={{ listStyle: "none", marginBlock: 0 }}
    >
      {shown.map((event) => (
        <Timeline.Item key={event.id} title={eventTitle(event.status, t)} component="li">
          <Text size="xs" c="dimmed">
            <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
          </Text>
          {eventDetails(event, t, i18n.language).map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
