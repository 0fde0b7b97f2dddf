import { NO_EXPOSURE } from "@latent/domain/frame-exposure";
import { describe, expect, it } from "vitest";
import { exposureRows, takenAtText } from "./exposure-texts.ts";

const WORDS = {
  aperture: "Aperture",
  shutter: "Shutter",
  focalLength: "Focal length",
  compensation: "Compensation",
  takenAt: "Taken",
  place: "Place",
  filter: "Filter",
  note: "Note",
};

describe("a frame's exposure as the lightbox shows it", () => {
  it("shows only what was noted, as a log sheet reads", () => {
    expect(exposureRows(NO_EXPOSURE, WORDS, "en-US")).toEqual([]);
    expect(
      exposureRows({ ...NO_EXPOSURE, aperture: 5.6, shutter: "1/125", focal_length: 50, exposure_compensation: -0.7 }, WORDS, "en-US"),
    ).toEqual([
      ["Aperture", "f/5.6"],
      ["Shutter", "1/125 s"],
      ["Focal length", "50 mm"],
      ["Compensation", "−0.7 EV"],
    ]);
  });

  it("writes numbers the reader's way, long speeds in seconds, bulb as B, and the sign of the compensation", () => {
    const rows = exposureRows({ ...NO_EXPOSURE, aperture: 5.6, shutter: '2"', exposure_compensation: 1 }, WORDS, "fr-FR");
    expect(rows).toEqual([
      ["Aperture", "f/5,6"],
      ["Shutter", '2"'],
      ["Compensation", "+1 EV"],
    ]);
    expect(exposureRows({ ...NO_EXPOSURE, shutter: "B", exposure_compensation: 0 }, WORDS, "en-US")).toEqual([
      ["Shutter", "B"],
      ["Compensation", "±0 EV"],
    ]);
  });

  it("keeps the camera's own time and zone, and names a place with its coordinates", () => {
    expect(takenAtText("2026-08-14T19:32:00+02:00", "en-US")).toBe("August 14, 2026, 19:32 (UTC+02:00)");
    expect(takenAtText("2026-08-14T23:30:00-04:00", "es-ES")).toBe("14 de agosto de 2026, 23:30 (UTC-04:00)");
    const rows = exposureRows({ ...NO_EXPOSURE, place: "Girona", latitude: 41.98314, longitude: 2.82491 }, WORDS, "en-US");
    expect(rows).toEqual([["Place", "Girona (41.98314, 2.82491)"]]);
  });
});
