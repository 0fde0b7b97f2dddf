import { NO_EXPOSURE } from "@latent/domain/frame-exposure";
import { describe, expect, it } from "vitest";
import { browserZone, exposureBody, exposureValues, invalidExposureFields, ZONE_OFFSETS } from "./exposure-values.ts";

describe("a frame's exposure in its form", () => {
  it("splits the time into the camera's clock and its zone, and joins them back", () => {
    const values = exposureValues({ ...NO_EXPOSURE, taken_at: "2026-08-14T19:32:00+02:00", aperture: 5.6, shutter: "1/125" }, "+01:00");
    expect(values).toMatchObject({ takenAt: "2026-08-14T19:32", takenZone: "+02:00", aperture: "5.6", shutter: "1/125" });
    expect(exposureBody(values)).toMatchObject({ taken_at: "2026-08-14T19:32:00+02:00", aperture: 5.6, shutter: "1/125" });
  });

  it("offers the browser's zone for a frame with no time yet, and sends empty fields as cleared", () => {
    const values = exposureValues(NO_EXPOSURE, "-04:00");
    expect(values.takenZone).toBe("-04:00");
    expect(exposureBody(values)).toEqual(NO_EXPOSURE);
  });

  it("reads numbers typed with a comma or an f/, and names the fields that break the rules", () => {
    const values = { ...exposureValues(NO_EXPOSURE), aperture: "f/5,6", focalLength: "50" };
    expect(exposureBody(values)).toMatchObject({ aperture: 5.6, focal_length: 50 });
    expect(invalidExposureFields(values)).toEqual([]);
    expect(invalidExposureFields({ ...values, aperture: "0.5", shutter: "fast", latitude: "north", focalLength: "2001" })).toEqual([
      "aperture",
      "shutter",
      "focalLength",
      "latitude",
    ]);
  });

  it("lists every quarter-hour zone from -12:00 to +14:00, the browser's among them", () => {
    expect(ZONE_OFFSETS[0]).toBe("-12:00");
    expect(ZONE_OFFSETS.at(-1)).toBe("+14:00");
    expect(ZONE_OFFSETS).toContain("+05:45");
    expect(ZONE_OFFSETS).toContain(browserZone(new Date("2026-01-01T00:00:00Z")));
  });
});
