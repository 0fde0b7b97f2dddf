import { describe, expect, it } from "vitest";
import { EMPTY_STEP_VALUES, firstHoldDay, missingField, stepBody } from "./step-body.ts";

const values = { camera: " Nikon FM2 ", lab_id: "lab-1", tracking: "1Z 999 ", held_until: "2027-03-01" };

describe("the body of a step", () => {
  it("sends the camera a roll was loaded in, and nothing else", () => {
    expect(stepBody("loaded", values)).toEqual({ status: "loaded", camera: "Nikon FM2" });
  });

  it("sends the lab and the tracking of a roll sent", () => {
    expect(stepBody("sent", values)).toEqual({ status: "sent", lab_id: "lab-1", tracking: "1Z 999" });
  });

  it("leaves out what was not typed", () => {
    expect(stepBody("loaded", EMPTY_STEP_VALUES)).toEqual({ status: "loaded", camera: undefined });
    expect(stepBody("returned", EMPTY_STEP_VALUES)).toEqual({ status: "returned", tracking: undefined });
  });

  it("sends the date a lab keeps the negatives until, and only the status of a one-tap step", () => {
    expect(stepBody("archived", values)).toEqual({ status: "archived", held_until: "2027-03-01" });
    expect(stepBody("developed", values)).toEqual({ status: "developed" });
  });

  it("refuses a roll sent to no lab, and negatives kept with no date", () => {
    expect(missingField("sent", { ...values, lab_id: " " })).toBe("lab_id");
    expect(missingField("archived", { ...values, held_until: "" })).toBe("held_until");
    expect(missingField("sent", values)).toBeNull();
    expect(missingField("loaded", EMPTY_STEP_VALUES)).toBeNull();
  });

  it("lets a hold start tomorrow at the earliest, across a month's end", () => {
    expect(firstHoldDay(new Date(2027, 0, 31, 23, 30))).toBe("2027-02-01");
    expect(firstHoldDay(new Date(2027, 11, 31, 8))).toBe("2028-01-01");
  });
});
