import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NotAvailableYet } from "../../shared/ui/not-available-yet.tsx";

/** Where the Lightroom plugin sends the browser to connect an account with a code (a later release). */
export function LightroomCodeScreen() {
  const { t } = useTranslation("landing");
  return <NotAvailableYet title={t("lightroom.code.title")} description={t("lightroom.code.description")} />;
}

/** Where the Lightroom plugin lands after signing out. */
export function LightroomLogoutScreen() {
  const { t } = useTranslation("landing");
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t("lightroom.logout.title")}</Title>
      <Alert color="green">{t("lightroom.logout.text")}</Alert>
      <Text c="dimmed">{t("lightroom.logout.close")}</Text>
    </Stack>
  );
}
