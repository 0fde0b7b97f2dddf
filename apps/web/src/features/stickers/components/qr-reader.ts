import jsQR from "jsqr";

/** Reads the QR codes in the camera's current frame. */
export type QrReader = (video: HTMLVideoElement) => Promise<string[]>;

/** The slice of the Barcode Detection API used here; TypeScript's DOM types do not have it yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = (new (options: {
  formats: string[];
}) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** Frames are read at most this wide: enough for a sticker held near the lens, and cheap on a phone. */
const MAX_FRAME_WIDTH = 640;

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    // Chrome on a desktop may have the class without a QR reader behind it.
    const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  } catch {
    return null;
  }
}

/** jsQR over the frame drawn on a canvas, where the browser reads no QR codes itself (Firefox, Safari before 17…). */
function canvasReader(): QrReader {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return [];
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
    return code ? [code.data] : [];
  };
}

/** The browser's own QR reader (`BarcodeDetector`) where it has one, jsQR otherwise. */
export async function createQrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? canvasReader();
}

/** Whether this page may ask for a camera at all (a browser with media devices, served over HTTPS or localhost). */
export const canUseCamera = (): boolean => typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
