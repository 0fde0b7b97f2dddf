import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import enFilms from "../../../locales/en-US/films.json";
import frFilms from "../../../locales/fr-FR/films.json";
import { processName } from "./process-name.ts";

const i18n = createInstance();
await i18n.init({ resources: { "fr-FR": { films: frFilms }, "en-US": { films: enFilms } }, lng: "fr-FR", fallbackLng: false });

describe("processName", () => {
  it("writes black and white the French way, short on a card and long in a choice", () => {
    const t = i18n.getFixedT("fr-FR");
    expect(processName("B/N", t)).toBe("N&B");
    expect(processName("B/N", t, "long")).toBe("N&B (noir et blanc)");
    expect(processName("C-41", t)).toBe("C-41");
  });

  it("writes black and white the English way", () => {
    expect(processName("B/N", i18n.getFixedT("en-US"))).toBe("B&W");
  });

  it("shows a code it does not know as it came", () => {
    expect(processName("K-14", i18n.getFixedT("fr-FR"))).toBe("K-14");
  });
});
