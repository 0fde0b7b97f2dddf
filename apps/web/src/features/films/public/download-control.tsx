import type { ZipData } from "@latent/domain/films";
import { Button, CloseButton, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "../../../shared/i18n/file-size.ts";
import { useRuntimeConfig } from "../../../shared/runtime-config/runtime-config-context.tsx";
import { DOWNLOAD_EMPTY, DOWNLOAD_INTERRUPTED } from "../downloads/download-manager.ts";
import { useZipDownload } from "../downloads/use-downloads.ts";
import type { FilmFeedStatus } from "./use-film-feed.ts";

interface DownloadControlProps {
  /** One download per key: the roll's id. */
  downloadKey: string;
  manifest: () => Promise<ZipData>;
  /** No finished scans yet: nothing to download. */
  disabled?: boolean;
  /** The button's accessible name where several rolls each have one ("Download zip of Summer"). */
  label?: string;
  /**
   * The roll's realtime feed, which reports each file of the zip the server has written: while it is connected the
   * progress counts files (spec §4); without it (none on this page, or disconnected) the bytes received.
   */
  feed?: FilmFeedStatus;
}

/**
 * "Download zip", then the download's progress, its completion or why it stopped; nothing while the `zip` flag is off
 * (spec §6: the flag gates the zip download; the API's routes stay on).
 */
export function DownloadControl(props: DownloadControlProps) {
  const { flags } = useRuntimeConfig();
  return flags.zip ? <ZipDownload {...props} /> : null;
}

function ZipDownload({ downloadKey, manifest, disabled, label, feed }: DownloadControlProps) {
  const { t, i18n } = useTranslation(["films", "errors"]);
  const { data, start, cancel, dismiss } = useZipDownload(downloadKey, manifest);
  const downloading = data?.isDownloading ?? false;
  const byFiles = feed === "connected";
  const bytesPercent = data && data.size > 0 ? Math.min(99, Math.floor((data.received / data.size) * 100)) : 0;
  const percent = byFiles ? (data?.progress ?? 0) : bytesPercent;

  let status: string | null = null;
  const details: string[] = [];
  let color = "dimmed";
  if (downloading) {
    status = byFiles ? t("films:download.filesProgress", { percent }) : t("films:download.progress", { percent });
    if (data && data.size > 0)
      details.push(
        t("films:download.bytes", {
          received: formatFileSize(data.received, i18n.language),
          size: formatFileSize(data.size, i18n.language),
        }),
      );
    if (feed) details.push(byFiles ? t("films:download.liveConnected") : t("films:download.liveDisconnected"));
  } else if (data?.downloadFinished) {
    status = t("films:download.finished", { name: data.name ?? "" });
    color = "green.8";
  } else if (data?.error) {
    color = "red.8";
    status =
      data.error === DOWNLOAD_INTERRUPTED
        ? t("films:download.interrupted")
        : data.error === DOWNLOAD_EMPTY
          ? t("films:download.empty")
          : t("films:download.failed", { reason: t(`errors:api.${data.error}`, { defaultValue: t("errors:api.internal-error") }) });
  }

  return (
    <Stack gap={6} miw={220}>
      <Group gap="xs" wrap="nowrap">
        {downloading ? (
          <Button variant="default" color="red" onClick={cancel}>
            {t("films:download.cancel")}
          </Button>
        ) : (
          <Button variant="default" onClick={() => void start()} disabled={disabled} aria-label={label}>
            {t("films:download.action")}
          </Button>
        )}
      </Group>
      {downloading && <Progress value={percent} size="md" animated aria-label={status ?? undefined} />}
      <Group gap={4} wrap="nowrap" role="status" aria-live="polite">
        {status && (
          <>
            <Text size="xs" c={color}>
              {status}
            </Text>
            {!downloading && <CloseButton size="xs" onClick={dismiss} aria-label={t("films:download.dismiss")} />}
          </>
        )}
      </Group>
      {/* Outside the live region: the bytes change too often to be read out. */}
      {details.map((line) => (
        <Text key={line} size="xs" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}
