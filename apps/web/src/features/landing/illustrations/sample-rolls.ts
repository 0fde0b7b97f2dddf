import type { FilmFormat, Process } from "@latent/domain/film-config";

/**
 * Film stocks shown in the mock-ups. Stock names, formats and the colour process codes are printed on the film
 * boxes, so they are data here; black and white is written the reader's way ("B&W", "N&B", "B/N").
 */
export const SAMPLE_ROLLS: readonly { name: string; format: FilmFormat; process: Process; iso: number; scene: number }[] = [
  { name: "Kodak Portra 400", format: "135", process: "C-41", iso: 400, scene: 0 },
  { name: "Ilford HP5 Plus", format: "120", process: "B/N", iso: 400, scene: 2 },
  { name: "Fujifilm Velvia 50", format: "120", process: "E-6", iso: 50, scene: 1 },
  { name: "Kodak Ektar 100", format: "135", process: "C-41", iso: 100, scene: 3 },
  { name: "Ilford Delta 3200", format: "135", process: "B/N", iso: 3200, scene: 5 },
  { name: "CineStill 800T", format: "135", process: "ECN-2", iso: 800, scene: 4 },
];
