import { describe, expect, it } from "vitest";
import { CameraBodySchema, gearName, LensMetadataSchema, matchesGear } from "./gear.ts";

describe("camera rules", () => {
  it("defaults a camera to 135 with 24x36 frames", () => {
    const parsed = CameraBodySchema.parse({ metadata: { brand: "Pentax", model: "MX" } });
    expect(parsed.metadata).toMatchObject({ format: "135", frame_size: "24x36", type: "slr" });
  });
  it("refuses a frame size that does not belong to the format", () => {
    const result = CameraBodySchema.safeParse({ metadata: { brand: "Mamiya", model: "RB67", format: "120", frame_size: "24x36" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["metadata", "frame_size"]);
  });
  it("accepts the frame sizes of each format, like 6x7 on 120", () => {
    expect(CameraBodySchema.safeParse({ metadata: { brand: "Mamiya", model: "RB67", format: "120", frame_size: "6x7" } }).success).toBe(
      true,
    );
  });
});

describe("lens rules", () => {
  const lens = { brand: "Canon", model: "FD 35-70", min_focal: 35, max_focal: 70, max_aperture: 4 };
  it("accepts a zoom with its focal range and an aperture from the list", () => {
    expect(LensMetadataSchema.safeParse(lens).success).toBe(true);
  });
  it("refuses a maximum focal length shorter than the minimum", () => {
    const r = LensMetadataSchema.safeParse({ ...lens, min_focal: 80 });
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain("max_focal");
  });
  it("refuses apertures that are not on the scale, and a minimum aperture wider than the maximum", () => {
    expect(LensMetadataSchema.safeParse({ ...lens, max_aperture: 3.3 }).success).toBe(false);
    expect(LensMetadataSchema.safeParse({ ...lens, min_aperture: 2.8 }).success).toBe(false);
    expect(LensMetadataSchema.safeParse({ ...lens, min_aperture: 22 }).success).toBe(true);
  });
});

describe("gear names", () => {
  it("shows brand plus model and finds gear by either", () => {
    const m = { brand: "Hasselblad", model: "500C/M" };
    expect(gearName(m)).toBe("Hasselblad 500C/M");
    expect(matchesGear(m, "hassel")).toBe(true);
    expect(matchesGear(m, "blad 500")).toBe(true);
    expect(matchesGear(m, "rollei")).toBe(false);
  });
});
