import type { FilmFormat, Process } from "@latent/domain/film-config";
import type { NewRollBody } from "./api/add-order-roll.ts";

/** The small roll form of an order: the stock as typed, ISO, format, process and push/pull. */
export interface RollValues {
  name: string;
  brand: string;
  model: string;
  iso: string;
  format: FilmFormat;
  process: Process;
  push_pull: string;
}

export const EMPTY_ROLL: RollValues = { name: "", brand: "", model: "", iso: "400", format: "135", process: "C-41", push_pull: "0" };

/** The body of POST orders/{id}/films for the form's values (selects hold strings; the API takes numbers). */
export function newRollBody(values: RollValues): NewRollBody {
  return {
    name: values.name.trim(),
    brand: values.brand.trim(),
    model: values.model.trim(),
    iso: Number(values.iso),
    format: values.format,
    process: values.process,
    push_pull: Number(values.push_pull),
  };
}
