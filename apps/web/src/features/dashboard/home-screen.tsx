import { paths } from "@latent/domain/app-paths";
import { planOf } from "@latent/domain/plans";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PrivacyPolicyNotice } from "../../shared/ui/privacy-policy-notice.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { UsageCard } from "./usage-card.tsx";

/** The photographer's dashboard: plan, rolls and gear against its limits, and what is still to do. */
export function HomeScreen() {
  const { t } = useTranslation("dashboard");
  const user = useCurrentUser();
  const plan = planOf(user.plan);
  const name = user.first_name || user.nickname || user.name;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{name ? t("titleNamed", { name }) : t("title")}</Title>

      {!user.policy_accepted && <PrivacyPolicyNotice title={t("privacy.title")} text={t("privacy.text")} action={t("privacy.action")} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UsageCard
          title={t("usage.rolls")}
          used={user.usage.films}
          limit={user.max_films_capacity}
          action={{ to: paths.user.films, label: t("usage.rollsAction") }}
        />
        <UsageCard
          title={t("usage.gear")}
          used={user.usage.gear}
          limit={user.max_gears_capacity}
          action={{ to: paths.user.gear, label: t("usage.gearAction") }}
        />
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Group justify="space-between" align="center">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("plan.label")}
            </Text>
            <Title order={2} size="h3">
              {t(`common:plans.${plan.id}`)}
            </Title>
            <Text size="sm">
              {plan.maxFilms === null ? t("plan.unlimitedLimits") : t("plan.limits", { films: plan.maxFilms, gear: plan.maxGear })}
            </Text>
          </Stack>
          {plan.id !== "unlimited" && (
            <Stack gap={4} align="flex-end">
              <Text size="sm">{t("plan.upgradeHint")}</Text>
              <Button component={Link} to={paths.user.subscriptions} variant="light">
                {t("plan.upgrade")}
              </Button>
            </Stack>
          )}
        </Group>
      </Card>

      {!user.survey_submitted && (
        <Card withBorder padding="lg">
          <Group justify="space-between">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t("survey.title")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("survey.text")}
              </Text>
            </Stack>
            <Button component={Link} to={paths.user.survey} variant="default">
              {t("survey.action")}
            </Button>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
