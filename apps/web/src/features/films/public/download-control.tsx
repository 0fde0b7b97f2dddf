import type { ZipData } from "@latent/domain/films";
import { Button, CloseButton, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DOWNLOAD_EMPTY, DOWNLOAD_INTERRUPTED } from "../downloads/download-manager.ts";
import { useZipDownload } from "../downloads/use-downloads.ts";

interface DownloadControlProps {
  /** One download per key: the roll's id. */
  downloadKey: string;
  manifest: () => Promise<ZipData>;
  /** No finished scans yet: nothing to download. */
  disabled?: boolean;
  /** The button's accessible name where several rolls each have one ("Download zip of Summer"). */
  label?: string;
}

/** "Download zip", then the download's progress, its completion or why it stopped. */
export function DownloadControl({ downloadKey, manifest, disabled, label }: DownloadControlProps) {
  const { t } = useTranslation(["films", "errors"]);
  const { data, start, cancel, dismiss } = useZipDownload(downloadKey, manifest);
  const downloading = data?.isDownloading ?? false;

  let status: string | null = null;
  let color = "dimmed";
  if (downloading) status = t("films:download.progress", { percent: data?.progress ?? 0 });
  else if (data?.downloadFinished) {
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
      {downloading && <Progress value={data?.progress ?? 0} size="md" animated aria-label={status ?? undefined} />}
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
    </Stack>
  );
}
