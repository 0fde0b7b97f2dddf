import type { Film } from "@latent/domain/films";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { filmTitle, formatPushPullAt, shotDate } from "../components/film-texts.ts";
import { processName } from "./process-name.ts";

interface FilmSummaryProps {
  film: Film;
  /** Names of the roll's camera and lens, when the viewer may know them. */
  camera?: string | null;
  lens?: string | null;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Shots that failed (not counted in `shot_count`): "3 shots (1 failed)". */
  failed?: number;
  /** 2 where the page holds several rolls under its own heading (an order's link). */
  headingOrder?: 1 | 2;
}

/** The roll's header: title, stock, and what it was shot and developed with. */
export function FilmSummary({ film, camera, lens, actions, failed = 0, headingOrder = 1 }: FilmSummaryProps) {
  const { t, i18n } = useTranslation("films");
  const date = shotDate(film, i18n.language);
  const details = [
    date,
    t("exposures", { count: film.n_exp }),
    film.scanner ? t("details.scanner", { scanner: film.scanner }) : null,
    camera ? t("details.camera", { camera }) : null,
    lens ? t("details.lens", { lens }) : null,
  ].filter((d): d is string => Boolean(d));

  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={6} style={{ flex: "1 1 320px" }}>
        <Title order={headingOrder}>{filmTitle(film)}</Title>
        <Text size="lg">{t("stock", { brand: film.brand, model: film.model, iso: film.iso })}</Text>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {t(`gear:formats.${film.format}`)}
          </Badge>
          <Badge variant="light">{processName(film.process, t, "long")}</Badge>
          <Badge variant="light" color={film.push_pull === 0 ? "gray" : "orange"}>
            {formatPushPullAt(film.push_pull, film.iso, t, i18n.language)}
          </Badge>
          <Badge variant="outline" color="gray">
            {failed > 0 ? t("shotCountFailed", { count: film.shot_count, failed }) : t("shotCount", { count: film.shot_count })}
          </Badge>
          {film.from_lab_name && (
            <Badge variant="light" color="grape">
              {t("fromLab", { lab: film.from_lab_name })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {details.join(" · ")}
        </Text>
      </Stack>
      {actions}
    </Group>
  );
}
