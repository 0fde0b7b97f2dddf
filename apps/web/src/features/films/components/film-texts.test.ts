import { describe, expect, it } from "vitest";
import { formatPushPullAt, formatSpeed } from "./film-texts.ts";

// Stands in for i18next with the English texts of films.json.
const english: Record<string, string> = {
  "films:pushPull.none": "Box speed",
  "films:pushPull.push": "{{stops}} (push)",
  "films:pushPull.pull": "{{stops}} (pull)",
  "films:exposureIndex": "EI {{ei}}",
};
const t = (key: string, options: Record<string, unknown> = {}) =>
  (english[key] ?? key).replace(/{{(\w+)}}/g, (_, name: string) => String(options[name]));

describe("push/pull as the roll's summary and the shot's details say it", () => {
  it("gives the speed a push or a pull makes of the roll's ISO", () => {
    expect(formatPushPullAt(1, 400, t, "en-US")).toBe("+1 (push) · EI 800");
    expect(formatPushPullAt(-1, 400, t, "en-US")).toBe("−1 (pull) · EI 200");
  });

  it("says box speed without a speed of its own", () => {
    expect(formatPushPullAt(0, 400, t, "en-US")).toBe("Box speed");
  });

  it("writes speeds without thousands separators, in every language", () => {
    expect(formatSpeed(12800, "en-US")).toBe("12800");
    expect(formatSpeed(1600, "fr-FR")).toBe("1600");
  });
});
