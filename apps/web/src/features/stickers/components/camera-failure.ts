/** Why the camera did not open, as the user can act on it. */
export type CameraFailure = "denied" | "unavailable";

/**
 * What a failed `getUserMedia` means for the user: they (or the browser's settings, or a page served without HTTPS)
 * refused the camera, which they can allow again; or there is no camera to use (none, or held by another app).
 */
export function cameraFailure(err: unknown): CameraFailure {
  const name = err instanceof Error || err instanceof DOMException ? err.name : "";
  return name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable";
}
