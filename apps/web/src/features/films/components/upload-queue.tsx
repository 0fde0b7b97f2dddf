import type { Shot } from "@latent/domain/films";
import { Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { type GalleryItem, galleryItems, type TileState } from "../public/gallery-items.ts";
import { useFilmUploads, useUploadManager } from "../uploads/use-uploads.ts";
import { UploadActions } from "./upload-actions.tsx";
import { useShotErrorText } from "./use-shot-error-text.ts";

/** Filled dark shades: white text on them keeps its contrast, also under a modal's overlay. */
const STATE_COLORS: Record<TileState, string> = {
  uploading: "blue.9",
  paused: "gray.8",
  pending: "gray.8",
  done: "#1e6b34",
  error: "red.9",
};

/**
 * The panel's title, from the same states as the tiles: "Uploading 2 of 3" while files are sent, then processing,
 * then "3 scans ready" (with how many failed, if any).
 */
function queueTitle(items: readonly GalleryItem[], t: (key: string, options: Record<string, number>) => string) {
  const count = (state: TileState) => items.filter((item) => item.state === state).length;
  const total = items.length;
  const [sending, paused, processing, ready, failed] = [
    count("uploading"),
    count("paused"),
    count("pending"),
    count("done"),
    count("error"),
  ];
  if (sending > 0)
    return { title: t("upload.queue.uploading", { position: Math.min(total, total - sending - paused + 1), total }), failed };
  if (paused > 0) return { title: t("upload.queue.paused", { count: paused }), failed };
  if (processing > 0) return { title: t("upload.queue.processing", { ready, total }), failed };
  return { title: failed > 0 ? t("upload.queue.readyOf", { ready, count: total }) : t("upload.queue.ready", { count: ready }), failed };
}

/**
 * This page's uploads of a roll: progress per shot, cancel, retry, and clear completed (spec §4). Each row's state
 * is the one its tile shows (`galleryItems`): sent, then processing, then done or failed as the server says.
 */
export function UploadQueue({ filmId, serverShots }: { filmId: string; serverShots: readonly Shot[] }) {
  const { t } = useTranslation("films");
  const uploads = useUploadManager();
  const entries = useFilmUploads(filmId);
  const errorText = useShotErrorText();
  const apiErrorText = useApiErrorText();
  const items = useMemo(() => galleryItems(serverShots, entries).filter((item) => item.upload !== null), [serverShots, entries]);
  if (items.length === 0) return null;

  // A failed upload's shot on the server is removed with it, unless it is an earlier, finished scan left in place.
  const removesServerShot = (item: GalleryItem) => item.shot !== null && item.shot.state !== "done";
  const done = items.filter((item) => item.state === "done").map((item) => item.index);
  const { title, failed } = queueTitle(items, t);
  const cancel = (index: number) =>
    uploads.cancel(filmId, index).catch((err) =>
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
          <div role="status">
            <Title order={3} size="h5" id="upload-queue-title">
              {title}
            </Title>
            {failed > 0 && (
              <Text size="sm" c="red.8">
                {t("upload.queue.failedCount", { count: failed })}
              </Text>
            )}
          </div>
          <Button variant="default" size="xs" onClick={() => uploads.clearCompleted(filmId, done)} disabled={done.length === 0}>
            {t("upload.queue.clearCompleted")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.index}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {t("upload.queue.shot", { index: item.index })}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {item.upload?.fileName}
                      </Text>
                      <Badge size="sm" variant="filled" color={STATE_COLORS[item.state]}>
                        {item.state === "uploading" && item.progress !== null
                          ? t("upload.queue.percent", { percent: item.progress })
                          : t(`upload.state.${item.state}`)}
                      </Badge>
                    </Group>
                    {item.state === "uploading" && item.progress !== null && (
                      <Progress
                        value={item.progress}
                        size="sm"
                        aria-label={t("upload.queue.progressLabel", { index: item.index, percent: item.progress })}
                      />
                    )}
                    {item.state === "paused" && (
                      <Text size="xs" c="dimmed">
                        {t("upload.queue.pausedHint", { name: item.upload?.fileName ?? "" })}
                      </Text>
                    )}
                    {item.state === "error" && (
                      <Text size="xs" c="red.8">
                        {errorText(item.error)}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {item.state === "uploading" && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => cancel(item.index)}
                        aria-label={t("upload.queue.cancelNamed", { index: item.index })}
                      >
                        {t("upload.queue.cancel")}
                      </Button>
                    )}
                    {(item.state === "error" || item.state === "paused") && (
                      <UploadActions
                        filmId={filmId}
                        index={item.index}
                        state={item.state}
                        error={item.error}
                        removesServerShot={removesServerShot(item)}
                      />
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
