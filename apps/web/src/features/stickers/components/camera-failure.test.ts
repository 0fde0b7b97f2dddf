import { describe, expect, it } from "vitest";
import { cameraFailure } from "./camera-failure.ts";

describe("a camera that does not open", () => {
  it("was refused when the user or the browser's settings denied it, which the user can change", () => {
    expect(cameraFailure(new DOMException("Permission denied", "NotAllowedError"))).toBe("denied");
    expect(cameraFailure(new DOMException("Insecure context", "SecurityError"))).toBe("denied");
  });

  it("is unavailable when there is none, another app holds it, or the browser has no camera access at all", () => {
    expect(cameraFailure(new DOMException("Requested device not found", "NotFoundError"))).toBe("unavailable");
    expect(cameraFailure(new DOMException("Could not start video source", "NotReadableError"))).toBe("unavailable");
    expect(cameraFailure(new TypeError("navigator.mediaDevices is undefined"))).toBe("unavailable");
    expect(cameraFailure("something else")).toBe("unavailable");
  });
});
