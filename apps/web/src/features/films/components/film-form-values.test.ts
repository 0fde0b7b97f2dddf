import type { Film } from "@latent/domain/films";
import { NewFilmSchema } from "@latent/domain/films";
import { describe, expect, it } from "vitest";
import { CUSTOM, filmFormValues, formFieldOf, normalizeChoice, toFilmBody, withStock } from "./film-form-values.ts";

const film: Film = {
  id: "f1",
  name: "Summer",
  brand: "Kodak",
  model: "Portra 400",
  iso: 400,
  format: "120",
  n_exp: 10,
  process: "C-41",
  push_pull: 1,
  month: 7,
  year: 2025,
  scanner: "Epson V600",
  camera_id: "c1",
  lens_id: null,
  sticker_hash: null,
  order_id: null,
  from_lab_name: null,
  status: null,
  storage_location: null,
  shot_count: 0,
  cover_url: null,
  created_at: "2025-07-01T00:00:00Z",
  updated_at: "2025-07-01T00:00:00Z",
};

describe("roll form values", () => {
  it("starts a new roll on 35 mm, 36 exposures, C-41 at ISO 400, this month", () => {
    const body = toFilmBody({ ...filmFormValues(undefined, new Date(2026, 2, 15)), brand: "Ilford", model: "HP5" });
    expect(body).toMatchObject({ format: "135", n_exp: 36, iso: 400, process: "C-41", push_pull: 0, month: 3, year: 2026 });
    expect(NewFilmSchema.safeParse(body).success).toBe(true);
  });

  it("treats the no-camera and no-lens choices as empty", () => {
    const body = toFilmBody({ ...filmFormValues(), brand: "Ilford", model: "HP5", cameraId: "", lensId: "" });
    expect(body.camera_id).toBeNull();
    expect(body.lens_id).toBeNull();
  });

  it("lets custom values override the selected ISO, format, process and push/pull", () => {
    const values = {
      ...filmFormValues(),
      brand: "Kodak",
      model: "Vision3 500T",
      iso: CUSTOM,
      isoCustom: 12800,
      format: CUSTOM,
      formatCustom: "120",
      frameSize: "6x7",
      process: CUSTOM,
      processCustom: "ecn2",
      pushPull: CUSTOM,
      pushPullCustom: -2,
    };
    expect(toFilmBody(values)).toMatchObject({ iso: 12800, format: "120", n_exp: 10, process: "ECN-2", push_pull: -2 });
  });

  it("reads a typed process or format loosely, and leaves unknown ones for the schema to refuse", () => {
    expect(normalizeChoice("c41", ["C-41", "E-6"])).toBe("C-41");
    expect(normalizeChoice("BW", ["C-41", "B/N"])).toBe("B/N");
    expect(normalizeChoice("B&W", ["C-41", "B/N"])).toBe("B/N");
    expect(normalizeChoice("N&B", ["C-41", "B/N"])).toBe("B/N");
    expect(normalizeChoice("35mm", ["135", "120"])).toBe("135");
    const body = toFilmBody({ ...filmFormValues(), brand: "X", model: "Y", process: CUSTOM, processCustom: "K-14" });
    expect(NewFilmSchema.safeParse(body).success).toBe(false);
  });

  it("shows a problem on the custom input while it is the one in use", () => {
    const values = { ...filmFormValues(), iso: CUSTOM };
    expect(formFieldOf("iso", values)).toBe("isoCustom");
    expect(formFieldOf("format", values)).toBe("format");
    expect(formFieldOf("n_exp", values)).toBe("frameSize");
  });

  it("edits a roll with the values it has, and gives them back unchanged", () => {
    const values = filmFormValues(film);
    expect(values).toMatchObject({ format: "120", frameSize: "6x7", iso: "400", pushPull: "1", month: "7", cameraId: "c1", lensId: "" });
    expect(toFilmBody(values)).toMatchObject({ iso: 400, format: "120", n_exp: 10, push_pull: 1, month: 7, year: 2025, camera_id: "c1" });
  });

  it("keeps an ISO outside the list as a custom value", () => {
    expect(filmFormValues({ ...film, iso: 12800 })).toMatchObject({ iso: CUSTOM, isoCustom: "12800" });
  });

  it("fills brand, model, ISO and process from a catalogue stock, and a format it is made in", () => {
    const stock = {
      brand: "Ilford",
      model: "Delta 3200",
      iso: 3200,
      process: "B/N",
      formats: ["135", "120"],
      type: "black-and-white",
      discontinued: false,
    } as const;
    expect(withStock({ ...filmFormValues(), format: "sheet" }, { ...stock, formats: [...stock.formats] })).toMatchObject({
      brand: "Ilford",
      model: "Delta 3200",
      iso: "3200",
      process: "B/N",
      format: "135",
      frameSize: "24x36",
    });
    expect(withStock(filmFormValues(film), { ...stock, formats: [...stock.formats] })).not.toHaveProperty("format");
  });
});
