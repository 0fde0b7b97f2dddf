import { NewFilmSchema } from "@latent/domain/films";
import { describe, expect, it } from "vitest";
import { EMPTY_ROLL, newRollBody } from "./roll-values.ts";

describe("newRollBody", () => {
  it("sends numbers for ISO and push/pull and trims the typed stock", () => {
    const body = newRollBody({ ...EMPTY_ROLL, name: " Wedding ", brand: " Kodak", model: "Portra ", iso: "400", push_pull: "1" });
    expect(body).toEqual({ name: "Wedding", brand: "Kodak", model: "Portra", iso: 400, format: "135", process: "C-41", push_pull: 1 });
    expect(NewFilmSchema.safeParse(body).success).toBe(true);
  });
  it("is refused by the API's schema while the stock is missing", () => {
    expect(NewFilmSchema.safeParse(newRollBody(EMPTY_ROLL)).success).toBe(false);
  });
});
