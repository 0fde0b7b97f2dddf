import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ScannedSticker, stickerFromScan } from "../sticker-from-scan.ts";
import { createQrDetector } from "./camera-scan.ts";

/** How often a frame is read: fast enough to feel immediate, slow enough to spare a phone's battery. */
const DETECT_EVERY_MS = 300;

/**
 * The rear camera's picture, read for a sticker's QR code until one is found. Mounted only while shown: on
 * unmount the camera is released (its tracks stopped), or the phone would keep its camera light on.
 */
export function CameraScanner({ onFound }: { onFound: (sticker: ScannedSticker) => void }) {
  const { t } = useTranslation("stickers");
  const video = useRef<HTMLVideoElement>(null);
  // The latest callback, read by the detection loop, which starts once and must not restart the camera.
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  const [state, setState] = useState<"starting" | "scanning" | "failed">("starting");
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
    const detector = createQrDetector();

    const detect = async (element: HTMLVideoElement) => {
      if (busy || done || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      busy = true;
      try {
        const codes = await detector.detect(element);
        if (done) return;
        const sticker = codes.map((c) => stickerFromScan(c.rawValue)).find((s) => s !== null);
        if (sticker) {
          stop();
          found.current(sticker);
        } else if (codes.length > 0) setOtherCode(true);
      } catch {
        // A frame the detector could not read (the video not ready yet, a dropped frame): the next one may do.
      } finally {
        busy = false;
      }
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (media) => {
        // Closed while the browser was asking for permission: release the camera at once.
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
        timer = setInterval(() => void detect(element), DETECT_EVERY_MS);
      })
      .catch(() => {
        if (!done) setState("failed");
      });
    return stop;
  }, []);

  if (state === "failed")
    return (
      <Alert color="orange" role="alert">
        {t("scan.cameraFailed")}
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
        style={{ width: "100%", borderRadius: 8, background: "black", display: state === "scanning" ? "block" : "none" }}
      />
      {otherCode && (
        <Text size="sm" c="orange" role="status">
          {t("scan.otherCode")}
        </Text>
      )}
    </Stack>
  );
}
