import { AFTER_LOGIN_PATH, paths } from "@latent/domain/app-paths";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignIn } from "../../shared/auth/auth-session-context.tsx";

/** Where a refused request leads: say why and offer the two ways on. */
export function UnauthorizedScreen() {
  const { t } = useTranslation();
  const { signIn } = useSignIn();
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{t("unauthorized.title")}</Title>
      <Text>{t("unauthorized.text")}</Text>
      <Group>
        <Button onClick={() => signIn(AFTER_LOGIN_PATH)}>{t("auth.signInAgain")}</Button>
        <Button component={Link} to={paths.main} variant="default">
          {t("notFound.home")}
        </Button>
      </Group>
    </Stack>
  );
}
