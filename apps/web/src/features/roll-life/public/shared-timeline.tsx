import type { RollEvent } from "@latent/domain/roll-life";
import { Group, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { RollTimeline, StatusBadge } from "./roll-timeline.tsx";

/** A roll's history where others see it (the shared roll, an order's link): read only, newest step first. */
export function SharedTimeline({ events, headingOrder = 2 }: { events: readonly RollEvent[]; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation("rollLife");
  const titleId = useId();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Group gap="sm" mb="sm">
        <Title order={headingOrder} size={headingOrder === 2 ? "h3" : "h4"} id={titleId}>
          {t("public.title")}
        </Title>
        <StatusBadge status={events.at(-1)?.status ?? null} />
      </Group>
      <RollTimeline events={events} />
    </section>
  );
}
