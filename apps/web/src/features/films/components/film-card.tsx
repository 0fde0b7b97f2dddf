import { paths } from "@latent/domain/app-paths";
import type { Film } from "@latent/domain/films";
import { AspectRatio, Badge, Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusBadge } from "../../roll-life/public/roll-timeline.tsx";
import { processName } from "../public/process-name.ts";
import { filmTitle, formatPushPull, shotDate } from "./film-texts.ts";
import classes from "./films.module.css";

/** One roll in the list: its cover, stock, format, process, date and number of shots; the whole card opens it. */
export const FilmCard = memo(function FilmCard({ film }: { film: Film }) {
  const { t, i18n } = useTranslation(["films", "rollLife"]);
  const [coverFailed, setCoverFailed] = useState(false);
  const date = shotDate(film, i18n.language);
  const title = filmTitle(film);
  return (
    <Card withBorder padding="md" component={Link} to={paths.user.film.to(film.id)} className={classes.filmCard}>
      <Card.Section>
        <AspectRatio ratio={3 / 2}>
          {film.cover_url && !coverFailed ? (
            <img
              src={film.cover_url}
              alt=""
              loading="lazy"
              decoding="async"
              className={classes.cover}
              onError={() => setCoverFailed(true)}
            />
          ) : (
            <Box className={classes.placeholder} aria-hidden>
              <Text size="sm" c="dimmed">
                {t("list.noCover")}
              </Text>
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} size="h4" lineClamp={1}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {t("stock", { brand: film.brand, model: film.model, iso: film.iso })}
        </Text>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {t(`gear:formats.${film.format}`)}
          </Badge>
          <Badge variant="light">{processName(film.process, t)}</Badge>
          {film.push_pull !== 0 && (
            <Badge variant="light" color="orange">
              {formatPushPull(film.push_pull, t)}
            </Badge>
          )}
          {film.from_lab_name && (
            <Badge variant="light" color="grape">
              {t("fromLab", { lab: film.from_lab_name })}
            </Badge>
          )}
          {film.status && <StatusBadge status={film.status} size="sm" />}
        </Group>
        {film.storage_location && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t("rollLife:storage.shown", { place: film.storage_location })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm">{date ?? t("list.noDate")}</Text>
          <Text size="sm" fw={500}>
            {t("shotCount", { count: film.shot_count })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
});
