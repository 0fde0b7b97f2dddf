import { PLANS } from "@latent/domain/plans";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAuth } from "react-oidc-context";
import { Link } from "react-router";
import { AFTER_LOGIN_PATH } from "../../config/paths.ts";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";
import { useRuntimeConfig } from "../../shared/runtime-config/runtime-config-context.tsx";

const FEATURES = ["rolls", "gear", "share", "labs"] as const;

/** The product pitch with the ways in (spec §1). */
export function LandingScreen() {
  const { t } = useTranslation("landing");
  const { isAuthenticated } = useAuth();
  const { signIn, signUp } = useSignIn();
  const { config } = useRuntimeConfig();
  return (
    <Stack gap={48}>
      <Stack gap="lg" maw={720} pt="xl">
        <Title order={1} fz={{ base: 36, sm: 48 }} lh={1.1}>
          {t("hero.title")}
        </Title>
        <Text size="xl" c="dimmed">
          {t("hero.text")}
        </Text>
        <Group>
          {isAuthenticated ? (
            <Button size="md" component={Link} to={AFTER_LOGIN_PATH}>
              {t("common:auth.openApp")}
            </Button>
          ) : (
            <>
              {config.identity.registration_open && (
                <Button size="md" onClick={() => signUp(AFTER_LOGIN_PATH)}>
                  {t("hero.signUp")}
                </Button>
              )}
              <Button size="md" variant="default" onClick={() => signIn(AFTER_LOGIN_PATH)}>
                {t("hero.signIn")}
              </Button>
            </>
          )}
        </Group>
        {!config.identity.registration_open && <Text c="dimmed">{t("errors:api.signin-blocked")}</Text>}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" component="section" aria-label={t("features.label")}>
        {FEATURES.map((feature) => (
          <Card key={feature} withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              {t(`features.${feature}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`features.${feature}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t("languages")} {t("freePlan", { films: PLANS.free.maxFilms, gear: PLANS.free.maxGear })}
      </Text>
    </Stack>
  );
}
