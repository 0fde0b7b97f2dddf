import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../api/use-api-error-text.ts";

/**
 * What a screen shows in place of what it could not load: the reason in the user's language and a retry, in an alert
 * that is announced (role=alert).
 */
export function LoadFailedAlert({ title, error, onRetry }: { title?: ReactNode; error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation("common");
  const errorText = useApiErrorText();
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" onClick={() => onRetry()}>
          {t("actions.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}
