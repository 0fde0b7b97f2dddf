import { paths } from "@latent/domain/app-paths";
import { Alert, Button, Card, Group, Image, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useFilms } from "../../films/api/list-films.ts";
import { filmTitle } from "../../films/public/uploads.ts";
import { LabOrdersList } from "../orders/lab-orders-list.tsx";
import { useCompanionRole } from "../use-companion-role.ts";

/** The companion's first screen: a photographer's rolls, or a lab's orders with their rolls. */
export function RollsScreen() {
  const role = useCompanionRole();
  if (role === null) return <Loader />;
  return role === "lab" ? <LabOrdersList /> : <PhotographerRolls />;
}

/** The user's rolls, newest first, one per row with its cover: sized for a thumb, not a mouse. */
function PhotographerRolls() {
  const { t } = useTranslation("companion");
  const errorText = useApiErrorText();
  const films = useFilms({});

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("rolls.title")}
      </Title>
      {films.isPending ? (
        <Loader aria-label={t("rolls.loading")} />
      ) : films.isError ? (
        <Alert color="red" role="alert" title={t("rolls.failed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(films.error)}</Text>
            <Button size="xs" variant="light" onClick={() => films.refetch()}>
              {t("retry")}
            </Button>
          </Stack>
        </Alert>
      ) : films.data.length === 0 ? (
        <Text c="dimmed">{t("rolls.empty")}</Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t("rolls.title")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {films.data.map((film) => (
            <li key={film.id}>
              <Card component={Link} to={paths.companion.roll.to(film.id)} withBorder padding="xs" radius="md">
                <Group gap="sm" wrap="nowrap">
                  <Image src={film.cover_url} alt="" w={56} h={56} radius="sm" fit="cover" bg="gray.1" fallbackSrc="/favicon.svg" />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {filmTitle(film)}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {`${film.brand} ${film.model} · ${film.format}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("rolls.shots", { count: film.shot_count })}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
