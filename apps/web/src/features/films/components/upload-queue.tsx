import type { Shot } from "@latent/domain/films";
import { Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import type { UploadShot } from "../uploads/upload-manager.ts";
import { useFilmUploads, useUploadManager } from "../uploads/use-uploads.ts";
import { useShotErrorText } from "./use-shot-error-text.ts";

/** Filled dark shades: white text on them keeps its contrast, also under a modal's overlay. */
const STATE_COLORS: Record<UploadShot["state"], string> = {
  uploading: "blue.9",
  pending: "gray.8",
  done: "#1e6b34",
  error: "red.9",
  canceled: "gray.8",
};

/** This page's uploads of a roll: progress per shot, cancel, retry, and clear completed (spec §4). */
export function UploadQueue({ filmId, serverShots }: { filmId: string; serverShots: readonly Shot[] }) {
  const { t } = useTranslation("films");
  const uploads = useUploadManager();
  const shots = useFilmUploads(filmId);
  const errorText = useShotErrorText();
  const apiErrorText = useApiErrorText();
  if (shots.length === 0) return null;

  // A failed upload's shot on the server is removed with it, unless it is an earlier, finished scan left in place.
  const removesServerShot = (index: number) => {
    const server = serverShots.find((s) => s.index === index);
    return server !== undefined && server.state !== "done";
  };
  const sent = shots.filter((s) => s.state === "pending" || s.state === "done").length;
  const done = shots.filter((s) => s.state === "done").length;
  const cancel = (index: number, deleteOnServer?: boolean) =>
    uploads.cancel(filmId, index, deleteOnServer).catch((err) =>
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "red",
        title: t("upload.cancelFailed"),
        message: apiErrorText(err),
      }),
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="upload-queue-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h5" id="upload-queue-title">
              {t("upload.queue.title")}
            </Title>
            <Text size="sm" c="dimmed" role="status">
              {t("upload.queue.summary", { sent, count: shots.length })}
            </Text>
          </div>
          <Button variant="default" size="xs" onClick={() => uploads.clearCompleted(filmId)} disabled={done === 0}>
            {t("upload.queue.clearCompleted")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {shots.map((shot) => (
              <li key={shot.index}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {t("upload.queue.shot", { index: shot.index })}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {shot.fileName}
                      </Text>
                      <Badge size="sm" variant="filled" color={STATE_COLORS[shot.state]}>
                        {shot.state === "uploading"
                          ? t("upload.queue.percent", { percent: shot.progress })
                          : t(`upload.state.${shot.state}`)}
                      </Badge>
                    </Group>
                    {shot.state === "uploading" && (
                      <Progress
                        value={shot.progress}
                        size="sm"
                        aria-label={t("upload.queue.progressLabel", { index: shot.index, percent: shot.progress })}
                      />
                    )}
                    {shot.state === "error" && (
                      <Text size="xs" c="red.8">
                        {errorText(shot.errorMessage)}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {shot.state === "uploading" && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => cancel(shot.index)}
                        aria-label={t("upload.queue.cancelNamed", { index: shot.index })}
                      >
                        {t("upload.queue.cancel")}
                      </Button>
                    )}
                    {shot.state === "error" && uploads.canRetry(filmId, shot.index) && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => uploads.retry(filmId, shot.index)}
                        aria-label={t("upload.queue.retryNamed", { index: shot.index })}
                      >
                        {t("common:actions.retry")}
                      </Button>
                    )}
                    {shot.state === "error" && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => cancel(shot.index, removesServerShot(shot.index))}
                        aria-label={t("upload.queue.removeNamed", { index: shot.index })}
                      >
                        {t("upload.queue.remove")}
                      </Button>
                    )}
                  </Group>
                </Group>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
