import type { RollEvent } from "@latent/domain/roll-life";
import { describe, expect, it } from "vitest";
import { eventDetails, formatDay, statusText, stepActionText, stepDetails } from "./life-texts.ts";

// Stands in for i18next with the English texts of rollLife.json.
const english: Record<string, string> = {
  "rollLife:status.none": "Not started",
  "rollLife:status.received": "At the lab",
  "rollLife:action.developed": "Mark developed",
  "rollLife:action.archived": "Keep the negatives at the lab",
  "rollLife:details.system": "By Latent",
  "rollLife:details.by": "By {{name}}",
  "rollLife:details.lab": "Lab: {{lab}}",
  "rollLife:details.camera": "Camera: {{camera}}",
  "rollLife:details.tracking": "Tracking: {{tracking}}",
  "rollLife:details.heldUntil": "Held until {{date}}",
};
const t = (key: string, options: Record<string, unknown> = {}) =>
  (english[key] ?? key).replace(/{{(\w+)}}/g, (_, name: string) => String(options[name]));

const event = (fields: Partial<RollEvent>): RollEvent => ({
  id: "e1",
  status: "sent",
  actor: "owner",
  by: null,
  lab_id: null,
  lab_name: null,
  camera: null,
  tracking: null,
  held_until: null,
  note: null,
  at: "2027-01-02T10:00:00.000Z",
  ...fields,
});

describe("a roll's life in words", () => {
  it("names a status, and a roll with none as not started", () => {
    expect(statusText("received", t)).toBe("At the lab");
    expect(statusText(null, t)).toBe("Not started");
  });

  it("labels each next-step button by the step it takes", () => {
    expect(stepActionText("developed", t)).toBe("Mark developed");
    expect(stepActionText("archived", t)).toBe("Keep the negatives at the lab");
  });

  it("asks for a camera, a lab, a tracking number or a date only on the steps that take one", () => {
    expect(stepDetails("loaded")).toBe("camera");
    expect(stepDetails("sent")).toBe("lab");
    expect(stepDetails("returned")).toBe("tracking");
    expect(stepDetails("archived")).toBe("held-until");
    for (const status of ["shot", "received", "developed", "scanned", "delivered"] as const) expect(stepDetails(status)).toBeNull();
  });

  it("says who took a step, the lab and the tracking of a roll sent", () => {
    expect(eventDetails(event({ by: "Ada", lab_name: "Carmencita", tracking: "1Z 999" }), t, "en-US")).toEqual([
      "By Ada",
      "Lab: Carmencita",
      "Tracking: 1Z 999",
    ]);
  });

  it("says Latent took the automatic steps, and the camera a roll was loaded in", () => {
    expect(eventDetails(event({ status: "scanned", actor: "system", by: "ignored" }), t, "en-US")).toEqual(["By Latent"]);
    expect(eventDetails(event({ status: "loaded", camera: "Nikon FM2", note: "Spare body" }), t, "en-US")).toEqual([
      "Camera: Nikon FM2",
      "Spare body",
    ]);
  });

  it("writes the day a lab holds the negatives until as that calendar day, whatever the time zone", () => {
    expect(eventDetails(event({ status: "archived", actor: "lab", held_until: "2027-03-01" }), t, "en-US")).toEqual([
      "Held until March 1, 2027",
    ]);
    expect(formatDay("2027-12-31", "fr-FR")).toBe("31 décembre 2027");
  });

  it("keeps a day it cannot read as it came", () => {
    expect(formatDay("someday", "en-US")).toBe("someday");
  });
});
