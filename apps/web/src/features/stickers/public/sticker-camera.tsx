import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CameraFailure, cameraFailure } from "../components/camera-failure.ts";
import { createQrReader } from "../components/qr-reader.ts";
import { type ScannedSticker, stickerFromScan } from "../sticker-from-scan.ts";

/** How often a frame is read: fast enough to feel immediate, slow enough to spare a phone's battery. */
const READ_EVERY_MS = 250;

type CameraState = "starting" | "scanning" | CameraFailure;

/**
 * The rear camera's picture, read for a sticker's QR code until one is found: by the browser's own reader where it has
 * one, by jsQR elsewhere (Firefox, older Safari). The roll page and the phone companion both scan with it. Mounted
 * only while shown: on unmount the camera is released, or the phone would keep its camera light on.
 */
export function StickerCamera({ onFound }: { onFound: (sticker: ScannedSticker) => void }) {
  const { t } = useTranslation("stickers");
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  const [state, setState] = useState<CameraState>("starting");
  const [otherCode, setOtherCode] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let done = false;
    let busy = false;
    const stop = () => {
      done = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    if (typeof navigator.mediaDevices?.getUserMedia !== "function") {
      setState("unavailable");
      return stop;
    }

    const start = async () => {
      const [media, read] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        createQrReader(),
      ]);
      // Left while the browser was asking for permission: release the camera at once.
      if (done) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream = media;
      const element = video.current;
      if (!element) return stop();
      element.srcObject = media;
      await element.play();
      setState("scanning");
      timer = setInterval(async () => {
        if (busy || done || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
        busy = true;
        try {
          const codes = await read(element);
          if (done) return;
          const sticker = codes.map(stickerFromScan).find((s) => s !== null);
          if (sticker) {
            stop();
            found.current(sticker);
          } else if (codes.length > 0) setOtherCode(true);
        } catch {
          // A frame that could not be read (not ready yet, dropped): the next one may do.
        } finally {
          busy = false;
        }
      }, READ_EVERY_MS);
    };
    start().catch((err: unknown) => {
      if (!done) setState(cameraFailure(err));
    });
    return stop;
  }, []);

  if (state === "denied" || state === "unavailable")
    return (
      <Alert color="orange" role="alert" title={t(`scan.camera.${state}.title`)}>
        {t(`scan.camera.${state}.text`)}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Text size="sm">{t("scan.hint")}</Text>
      {state === "starting" && <Loader aria-label={t("scan.starting")} />}
      <video
        ref={video}
        aria-label={t("scan.video")}
        muted
        playsInline
        style={{
          width: "100%",
          maxHeight: "50vh",
          objectFit: "cover",
          borderRadius: 8,
          background: "black",
          display: state === "scanning" ? "block" : "none",
        }}
      />
      {otherCode && (
        <Text size="sm" c="orange.9" role="status">
          {t("scan.otherCode")}
        </Text>
      )}
    </Stack>
  );
}
