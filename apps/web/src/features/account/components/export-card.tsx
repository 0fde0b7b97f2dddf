import { Alert, Button, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useDataExport } from "../api/get-export.ts";
import { useStartExport } from "../api/start-export.ts";
import { exportView, formatSize } from "../export-view.ts";

/** "Download all my data": starts the archive, follows its progress, then links to it until it expires. */
export function ExportCard() {
  const { t, i18n } = useTranslation("account");
  const errorText = useApiErrorText();
  const current = useDataExport();
  const start = useStartExport();
  const view = exportView(current.data, new Date());
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

  const startButton = (label: string) => (
    <Button variant="light" onClick={() => start.mutate()} loading={start.isPending}>
      {label}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t("data.exportTitle")}
      </Text>
      <Text size="sm">{t("data.exportBody")}</Text>
      {current.isPending ? (
        <Loader size="sm" role="status" aria-label={t("data.loading")} />
      ) : view.kind === "idle" ? (
        <Group>{startButton(t("data.export"))}</Group>
      ) : view.kind === "working" ? (
        <Stack gap={4}>
          <Progress value={view.progress} animated aria-label={t("data.preparing", { progress: view.progress })} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("data.preparing", { progress: view.progress })}
          </Text>
        </Stack>
      ) : view.kind === "ready" ? (
        <Stack gap={4}>
          <Group>
            <Button component="a" href={view.url} download>
              {view.size === null ? t("data.download") : t("data.downloadSized", { size: formatSize(view.size, i18n.language) })}
            </Button>
          </Group>
          {view.expiresAt && (
            <Text size="sm" c="dimmed">
              {t("data.expiresAt", { date: date(view.expiresAt) })}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Alert color={view.kind === "failed" ? "red" : "gray"} role={view.kind === "failed" ? "alert" : undefined}>
            {view.kind === "failed" ? t("data.failed") : t("data.expired")}
          </Alert>
          <Group>{startButton(t("data.retry"))}</Group>
        </Stack>
      )}
      {(current.error || start.error) && (
        <Alert color="red" role="alert">
          {errorText(start.error ?? current.error)}
        </Alert>
      )}
    </Stack>
  );
}
