/** The slice of the Barcode Detection API used here; TypeScript's DOM types do not have it yet. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type QrDetectorConstructor = new (options: { formats: string[] }) => QrDetector;

const detectorConstructor = (): QrDetectorConstructor | null =>
  typeof window !== "undefined" && "BarcodeDetector" in window
    ? ((window as unknown as { BarcodeDetector: QrDetectorConstructor }).BarcodeDetector ?? null)
    : null;

/** Whether this browser can read QR codes from the camera (Chrome on Android does; Firefox and desktop Safari do not). */
export const canScanWithCamera = (): boolean =>
  detectorConstructor() !== null && typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

export const createQrDetector = (): QrDetector => new (detectorConstructor()!)({ formats: ["qr_code"] });
