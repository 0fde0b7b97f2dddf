import { useId } from "react";

/** An id React made unique, reduced to characters that are safe in an SVG `id` and in `aria-labelledby`. */
export function useSvgId(): string {
  return `svg${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
}
