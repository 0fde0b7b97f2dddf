import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { filmKeys } from "../api/film-keys.ts";
import { imageTypeOfFile } from "../uploads/upload-plan.ts";
import { useUploadManager } from "../uploads/use-uploads.ts";

/** Failures of the file itself: sending it again would fail again, so Retry asks for a file. */
const FILE_AT_FAULT = new Set(["unsupported-file-type", "image-damaged", "image-too-large", "file-too-large"]);

interface UploadActionsProps {
  filmId: string;
  index: number;
  /** A failed upload offers Retry, a paused one asks for its file; both can be removed. */
  state: "error" | "paused";
  /** Whether Remove deletes the server's shot: not when it is an earlier, finished scan a failed upload never replaced. */
  removesServerShot: boolean;
  /** Why it failed: a file refused for what it is (not an image, damaged, too large) is not sent again as it is. */
  error?: string | null;
  size?: "xs" | "compact-xs";
}

/**
 * Retry and Remove of a failed upload, or "Choose file" and Remove of a paused one. Retry sends the file again when
 * the page still has it, else asks for it; either way it goes to the same shot. The chosen file's bytes are checked
 * first: one that is not an image is refused with its name, and no upload starts.
 */
export function UploadActions({ filmId, index, state, removesServerShot, error = null, size = "xs" }: UploadActionsProps) {
  const { t } = useTranslation("films");
  const uploads = useUploadManager();
  const queryClient = useQueryClient();
  const apiErrorText = useApiErrorText();
  const picker = useRef<HTMLInputElement>(null);

  const dismissable = { closeButtonProps: { "aria-label": t("errors:dismiss") } };

  const takeFile = async (file: File) => {
    const contentType = await imageTypeOfFile(file);
    if (!contentType) {
      notifications.show({
        ...dismissable,
        color: "red",
        title: t("upload.refused.title"),
        message: t("upload.refused.file", { name: file.name }),
      });
      return;
    }
    const item = { index, file, contentType };
    if (state === "paused") uploads.resume(filmId, item);
    else uploads.retry(filmId, index, item);
  };

  const retry = () => {
    const fileAtFault = error !== null && FILE_AT_FAULT.has(error);
    if (state === "error" && !fileAtFault && uploads.canRetry(filmId, index)) uploads.retry(filmId, index);
    else picker.current?.click();
  };

  const remove = () =>
    uploads
      .cancel(filmId, index, removesServerShot)
      .then(() => queryClient.invalidateQueries({ queryKey: filmKeys.detail(filmId) }))
      .catch((err) => notifications.show({ ...dismissable, color: "red", title: t("upload.cancelFailed"), message: apiErrorText(err) }));

  return (
    <>
      <Button
        size={size}
        variant="filled"
        onClick={retry}
        aria-label={t(state === "paused" ? "upload.queue.chooseAgainNamed" : "upload.queue.retryNamed", { index })}
      >
        {state === "paused" ? t("upload.queue.chooseAgain") : t("common:actions.retry")}
      </Button>
      <Button size={size} variant="default" onClick={remove} aria-label={t("upload.queue.removeNamed", { index })}>
        {t("upload.queue.remove")}
      </Button>
      <input
        ref={picker}
        type="file"
        hidden
        accept="image/jpeg,image/tiff,image/png,image/webp,.jpg,.jpeg,.tif,.tiff,.png,.webp"
        aria-label={t("upload.queue.chooseAgainNamed", { index })}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void takeFile(file);
        }}
      />
    </>
  );
}
