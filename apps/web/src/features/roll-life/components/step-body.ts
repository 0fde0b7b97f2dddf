import type { RollStatus, RollStep } from "@latent/domain/roll-life";
import { stepDetails } from "../public/life-texts.ts";

/** What the step dialog's fields hold (empty strings for nothing typed). */
export interface StepValues {
  camera: string;
  lab_id: string;
  tracking: string;
  held_until: string;
}

export const EMPTY_STEP_VALUES: StepValues = { camera: "", lab_id: "", tracking: "", held_until: "" };

/** The body of POST …/status for a step: only the fields that step takes, and only those filled in. */
export function stepBody(status: RollStatus, values: StepValues): RollStep {
  const filled = (value: string) => (value.trim() === "" ? undefined : value.trim());
  switch (stepDetails(status)) {
    case "camera":
      return { status, camera: filled(values.camera) };
    case "lab":
      return { status, lab_id: filled(values.lab_id), tracking: filled(values.tracking) };
    case "tracking":
      return { status, tracking: filled(values.tracking) };
    case "held-until":
      return { status, held_until: filled(values.held_until) };
    default:
      return { status };
  }
}

/** The field a step cannot go without, when it is empty: the lab of a roll sent, the date negatives are kept until. */
export function missingField(status: RollStatus, values: StepValues): "lab_id" | "held_until" | null {
  const details = stepDetails(status);
  if (details === "lab" && values.lab_id.trim() === "") return "lab_id";
  if (details === "held-until" && values.held_until.trim() === "") return "held_until";
  return null;
}

/** The first day a lab may say it keeps negatives until: tomorrow, in the reader's calendar (`YYYY-MM-DD`). */
export function firstHoldDay(today: Date): string {
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}
