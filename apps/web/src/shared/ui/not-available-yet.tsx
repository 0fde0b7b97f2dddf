import { Alert, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface NotAvailableYetProps {
  title: string;
  /** What the screen will do, so the user knows what to come back for. */
  description?: string;
  children?: ReactNode;
}

/** An honest screen for features a later release builds: it says so instead of pretending to work. */
export function NotAvailableYet({ title, description, children }: NotAvailableYetProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{title}</Title>
      {description && <Text>{description}</Text>}
      <Alert color="gray" title={t("notAvailable.title")}>
        {t("notAvailable.text")}
      </Alert>
      {children}
    </Stack>
  );
}
