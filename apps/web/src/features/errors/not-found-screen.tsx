import { paths } from "@latent/domain/app-paths";
import { Button, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Text c="dimmed" fw={700}>
        404
      </Text>
      <Title order={1}>{t("notFound.title")}</Title>
      <Text>{t("notFound.text")}</Text>
      <Button component={Link} to={paths.main}>
        {t("notFound.home")}
      </Button>
    </Stack>
  );
}
