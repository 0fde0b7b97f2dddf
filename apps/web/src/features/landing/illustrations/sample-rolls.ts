/**
 * Film stocks shown in the mock-ups. Stock names, formats and process codes are the same in every language
 * (they are printed on the film boxes), so they are data here, not translated texts.
 */
export const SAMPLE_ROLLS = [
  { name: "Kodak Portra 400", details: "135 · C-41 · ISO 400", scene: 0 },
  { name: "Ilford HP5 Plus", details: "120 · B/N · ISO 400", scene: 2 },
  { name: "Fujifilm Velvia 50", details: "120 · E-6 · ISO 50", scene: 1 },
  { name: "Kodak Ektar 100", details: "135 · C-41 · ISO 100", scene: 3 },
  { name: "Ilford Delta 3200", details: "135 · B/N · ISO 3200", scene: 5 },
  { name: "CineStill 800T", details: "135 · ECN-2 · ISO 800", scene: 4 },
] as const;
