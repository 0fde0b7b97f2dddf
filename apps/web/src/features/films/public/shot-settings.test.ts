import { describe, expect, it } from "vitest";
import { shotSettings } from "./shot-settings.ts";

const roll = { camera_id: "fm2", lens_id: null, scanner: "Epson V600", push_pull: 1 };
const blank = { camera_id: null, lens_id: null, scanner: null, push_pull: null };

describe("a shot's settings", () => {
  it("are the roll's where the shot notes nothing, and say so", () => {
    expect(shotSettings(blank, roll)).toEqual({
      cameraId: { value: "fm2", fromRoll: true },
      lensId: { value: null, fromRoll: false },
      scanner: { value: "Epson V600", fromRoll: true },
      pushPull: { value: 1, fromRoll: true },
    });
  });

  it("are the shot's own where it notes them", () => {
    const settings = shotSettings({ camera_id: "f3", lens_id: "50mm", scanner: "Noritsu", push_pull: -1 }, roll);
    expect(settings.cameraId).toEqual({ value: "f3", fromRoll: false });
    expect(settings.lensId).toEqual({ value: "50mm", fromRoll: false });
    expect(settings.scanner).toEqual({ value: "Noritsu", fromRoll: false });
    expect(settings.pushPull).toEqual({ value: -1, fromRoll: false });
  });

  it("keep box speed as the shot's own on a pushed roll", () => {
    expect(shotSettings({ ...blank, push_pull: 0 }, roll).pushPull).toEqual({ value: 0, fromRoll: false });
  });
});
