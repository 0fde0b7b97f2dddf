import { FORMATS } from "@latent/domain/film-config";

/** The persona survey's three steps (spec §2, §9): who you are, what you shoot, how you scan. */
export const PERSONAS = ["hobbyist", "professional", "student", "lab"] as const;
export const ROLLS_PER_MONTH = ["1", "2-5", "6-10", "10+"] as const;
export const SCANNING = ["lab", "flatbed", "dedicated", "camera", "none"] as const;
export const SHOT_FORMATS = FORMATS;

export interface SurveyAnswers {
  persona: string;
  formats: string[];
  rolls_per_month: string;
  scanning: string;
}

/** Whether a step has what it needs to go on; the answers are then sent with `survey_submitted: true`. */
export function stepComplete(step: number, answers: SurveyAnswers): boolean {
  if (step === 0) return answers.persona !== "";
  if (step === 1) return answers.formats.length > 0 && answers.rolls_per_month !== "";
  return answers.scanning !== "";
}
