import { describe, expect, it } from "vitest";
import type { FilmRow } from "../films/films.service.ts";
import { headerLines } from "./contact-sheet.service.ts";

const film = (values: Partial<FilmRow>) =>
  ({
    brand: "Kodak",
    model: "Portra 400",
    format: "135",
    process: "C-41",
    iso: 400,
    push_pull: 0,
    month: 7,
    year: 2026,
    status: null,
    storage_location: null,
    ...values,
  }) as FilmRow;

describe("a contact sheet's header", () => {
  it("says where the roll is in its life and where its negatives are, in the reader's language", () => {
    const lines = headerLines(film({ status: "archived", storage_location: "Binder 3 / page 12" }), null, 36, "es-ES");
    expect(lines.at(-1)).toBe("Estado: Archivado en el laboratorio · Negativos: Binder 3 / page 12");
    expect(headerLines(film({ storage_location: "Shoebox B" }), null, 36).at(-1)).toBe("Negatives: Shoebox B");
    expect(headerLines(film({ status: "scanned" }), null, 36).at(-1)).toBe("Status: Scanned");
  });

  it("adds no line for a roll with neither", () => {
    expect(headerLines(film({}), "Foto Lab", 36)).toEqual([
      "Kodak Portra 400 · 135 · C-41",
      "ISO 400",
      "July 2026 · Lab: Foto Lab · 36 frames",
    ]);
  });
});
