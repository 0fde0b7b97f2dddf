import { paths } from "@latent/domain/app-paths";
import type { ShotHit } from "@latent/domain/roll-search";
import { AspectRatio, Box, Card, Group, Stack, Text } from "@mantine/core";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "../components/films.module.css";
import { searchWithShot } from "../public/shot-url.ts";

/** Where a frame found opens: its roll's page with the lightbox on that frame (`?shot=`). */
export const shotLink = (hit: Pick<ShotHit, "film_id" | "index">) => `${paths.user.film.to(hit.film_id)}${searchWithShot("", hit.index)}`;

const ShotCard = memo(function ShotCard({ hit }: { hit: ShotHit }) {
  const { t, i18n } = useTranslation("films");
  const [failed, setFailed] = useState(false);
  const settings = [hit.aperture !== null ? `ƒ/${hit.aperture}` : null, hit.shutter, hit.lens].filter(Boolean).join(" · ");
  return (
    <Card
      withBorder
      padding="xs"
      component={Link}
      to={shotLink(hit)}
      className={classes.filmCard}
      aria-label={t("search.frameOf", { index: hit.index, roll: hit.film_name })}
    >
      <Card.Section>
        <AspectRatio ratio={1}>
          {hit.thumbnail_url && !failed ? (
            <img src={hit.thumbnail_url} alt="" loading="lazy" decoding="async" className={classes.cover} onError={() => setFailed(true)} />
          ) : (
            <Box className={classes.placeholder} aria-hidden />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={600} lineClamp={1}>
            {hit.film_name}
          </Text>
          <Text size="xs" c="dimmed">
            #{hit.index}
            {hit.kept ? " ★" : ""}
          </Text>
        </Group>
        {settings && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {settings}
          </Text>
        )}
        {(hit.camera || hit.taken_at) && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[
              hit.camera,
              hit.taken_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(hit.taken_at)) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        )}
      </Stack>
    </Card>
  );
});

/** Frames found across every roll; each opens in its roll's lightbox. */
export function ShotResults({ hits }: { hits: ShotHit[] }) {
  const { t } = useTranslation("films");
  return (
    <Box component="ul" aria-label={t("search.framesFound")} className={classes.gallery}>
      {hits.map((hit) => (
        <li key={hit.shot_id}>
          <ShotCard hit={hit} />
        </li>
      ))}
    </Box>
  );
}
