import type { ZipData } from "@latent/domain/films";
import { Button, Checkbox, CloseButton, Group, Progress, Stack, Text } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntimeConfig } from "../../../shared/runtime-config/runtime-config-context.tsx";
import { DOWNLOAD_EMPTY } from "../downloads/download-manager.ts";
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
   * progress is the percent of files (spec §4); without it (none on this page, or disconnected) no number is shown,
   * the browser's own downloads show the bytes.
   */
  feed?: FilmFeedStatus;
}

/**
 * "Download zip", then where the download stands, or why it could not start; nothing while the `zip` flag is off
 * (spec §6: the flag gates the zip download; the API's routes stay on). The zip is the browser's download.
 */
export function DownloadControl(props: DownloadControlProps) {
  const { flags } = useRuntimeConfig();
  return flags.zip ? <ZipDownload {...props} /> : null;
}

/** The zip link asking for the files as stored, each with its metadata in an `.xmp` file beside it (issue 28). */
export const withSidecars = (zipUrl: string) => `${zipUrl}${zipUrl.includes("?") ? "&" : "?"}xmp=sidecar`;

function ZipDownload({ downloadKey, manifest, disabled, label, feed }: DownloadControlProps) {
  const { t } = useTranslation(["films", "errors"]);
  const [sidecars, setSidecars] = useState(false);
  const zipManifest = useCallback(async () => {
    const zip = await manifest();
    return sidecars ? { ...zip, zip_url: withSidecars(zip.zip_url) } : zip;
  }, [manifest, sidecars]);
  const { data, start, dismiss } = useZipDownload(downloadKey, zipManifest);
  const preparing = data?.preparing ?? false;
  const live = (data?.isDownloading ?? false) && !preparing && feed === "connected";
  const percent = data?.progress ?? 0;

  let status: string | null = null;
  let color = "dimmed";
  if (preparing) status = t("films:download.preparing");
  else if (data?.isDownloading) status = live ? t("films:download.filesProgress", { percent }) : t("films:download.inBrowser");
  else if (data?.downloadFinished) {
    status = t("films:download.finished", { name: data.name ?? "" });
    color = "green.8";
  } else if (data?.error) {
    color = "red.8";
    status =
      data.error === DOWNLOAD_EMPTY
        ? t("films:download.empty")
        : t("films:download.failed", { reason: t(`errors:api.${data.error}`, { defaultValue: t("errors:api.internal-error") }) });
  }

  return (
    <Stack gap={6} miw={220}>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={() => void start()} disabled={disabled} loading={preparing} aria-label={label}>
          {t("films:download.action")}
        </Button>
      </Group>
      <Checkbox
        size="xs"
        label={t("films:download.sidecar")}
        title={t("films:download.sidecarHint")}
        checked={sidecars}
        onChange={(e) => setSidecars(e.currentTarget.checked)}
        disabled={disabled || preparing}
      />
      {live && <Progress value={percent} size="md" animated aria-label={status ?? undefined} />}
      <Group gap={4} wrap="nowrap" role="status" aria-live="polite">
        {status && (
          <>
            <Text size="xs" c={color}>
              {status}
            </Text>
            {!preparing && <CloseButton size="xs" onClick={dismiss} aria-label={t("films:download.dismiss")} />}
          </>
        )}
      </Group>
    </Stack>
  );
}
