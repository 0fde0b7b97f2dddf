import { describe, expect, it } from "vitest";
import {
  canStep,
  labNextStep,
  nextSteps,
  ROLL_STATUSES,
  type RollActor,
  RollLifeSettingsSchema,
  type RollStatus,
  RollStepSchema,
  stepRefusal,
} from "./roll-life.ts";

type From = RollStatus | null;

/** Every step each actor may take, written out once more by hand: a change of the rules must change this table too. */
const ALLOWED: Record<RollActor, [From, RollStatus][]> = {
  owner: [
    [null, "loaded"],
    [null, "shot"],
    [null, "sent"],
    ["loaded", "shot"],
    ["loaded", "sent"],
    ["shot", "sent"],
  ],
  lab: [
    [null, "received"],
    ["shot", "received"],
    ["sent", "received"],
    ["received", "developed"],
    ["developed", "scanned"],
    ["scanned", "delivered"],
    ["delivered", "returned"],
    ["delivered", "archived"],
    ["archived", "returned"],
  ],
  system: [
    [null, "scanned"],
    ["loaded", "scanned"],
    ["shot", "scanned"],
    ["received", "scanned"],
    ["developed", "scanned"],
    ["scanned", "delivered"],
  ],
};

const FROM: From[] = [null, ...ROLL_STATUSES];

describe("who may take which step of a roll's life", () => {
  for (const actor of ["owner", "lab", "system"] as const) {
    it(`lets the ${actor} take exactly its steps, from every status, and no other`, () => {
      const allowed = new Set(ALLOWED[actor].map(([from, to]) => `${from}→${to}`));
      for (const from of FROM) {
        for (const to of ROLL_STATUSES) {
          expect(canStep(from, to, actor), `${actor}: ${from} → ${to}`).toBe(allowed.has(`${from}→${to}`));
        }
      }
    });
  }

  it("offers the steps in the order a roll lives them", () => {
    expect(nextSteps(null, "owner")).toEqual(["loaded", "shot", "sent"]);
    expect(nextSteps("loaded", "owner")).toEqual(["shot", "sent"]);
    expect(nextSteps("sent", "owner")).toEqual([]);
    expect(nextSteps("delivered", "lab")).toEqual(["returned", "archived"]);
    expect(nextSteps("returned", "lab")).toEqual([]);
    expect(nextSteps("archived", "system")).toEqual([]);
  });

  it("gives a lab's companion one next step per status, and none once the negatives are back", () => {
    const expected: [From, RollStatus | null][] = [
      [null, "received"],
      ["loaded", null],
      ["shot", "received"],
      ["sent", "received"],
      ["received", "developed"],
      ["developed", "scanned"],
      ["scanned", "delivered"],
      ["delivered", "returned"],
      ["returned", null],
      ["archived", "returned"],
    ];
    for (const [from, next] of expected) expect(labNextStep(from), String(from)).toBe(next);
  });

  it("names the step and the status in a refusal", () => {
    expect(stepRefusal("developed", "shot")).toBe("A roll that is developed cannot be marked shot");
    expect(stepRefusal(null, "developed")).toBe("A roll with no status yet cannot be marked developed");
  });
});

describe("a step's body", () => {
  it("takes a tracking number of letters, digits, spaces and dashes only", () => {
    expect(RollStepSchema.safeParse({ status: "returned", tracking: "RR 123-456 ES" }).success).toBe(true);
    expect(RollStepSchema.safeParse({ status: "returned", tracking: "RR/123" }).success).toBe(false);
    expect(RollStepSchema.safeParse({ status: "returned", tracking: "R".repeat(61) }).success).toBe(false);
  });

  it("takes a hold date as a calendar day and a known status only", () => {
    expect(RollStepSchema.safeParse({ status: "archived", held_until: "2027-02-30" }).success).toBe(false);
    expect(RollStepSchema.safeParse({ status: "archived", held_until: "2027-02-28" }).success).toBe(true);
    expect(RollStepSchema.safeParse({ status: "lost" }).success).toBe(false);
  });

  it("refuses settings that change nothing", () => {
    expect(RollLifeSettingsSchema.safeParse({}).success).toBe(false);
    expect(RollLifeSettingsSchema.safeParse({ storage_location: null }).success).toBe(true);
    expect(RollLifeSettingsSchema.safeParse({ timeline_shared: false }).success).toBe(true);
  });
});
