/** Film configuration enumerations (spec §3, §5). One definition used by server and web. */
export const PROCESSES = ["C-41", "E-6", "B/N", "ECN-2"] as const;
export type Process = (typeof PROCESSES)[number];

export const FORMATS = ["135", "120", "220", "sheet", "110", "APS"] as const;
export type FilmFormat = (typeof FORMATS)[number];

/** Frame sizes per format with the exposures a roll of that size holds. */
export const FRAME_SIZES: Record<FilmFormat, readonly { size: string; exposures: number }[]> = {
  "135": [
    { size: "24x36", exposures: 36 },
    { size: "18x24", exposures: 72 },
    { size: "24x65", exposures: 21 },
  ],
  "120": [
    { size: "6x4.5", exposures: 16 },
    { size: "6x6", exposures: 12 },
    { size: "6x7", exposures: 10 },
    { size: "6x8", exposures: 9 },
    { size: "6x9", exposures: 8 },
    { size: "6x12", exposures: 6 },
  ],
  "220": [
    { size: "6x4.5", exposures: 32 },
    { size: "6x6", exposures: 24 },
    { size: "6x7", exposures: 20 },
    { size: "6x8", exposures: 18 },
    { size: "6x9", exposures: 16 },
    { size: "6x12", exposures: 12 },
  ],
  sheet: ["6x9", "4x5", "5x7", "8x10", "9x12", "13x18", "20x25"].map((size) => ({ size, exposures: 1 })),
  "110": [{ size: "13x17", exposures: 24 }],
  APS: [
    { size: "C", exposures: 24 },
    { size: "H", exposures: 15 },
    { size: "P", exposures: 30 },
  ],
};

export const DEFAULT_FRAME_SIZE = "24x36";

export function isFrameSizeOf(format: FilmFormat, size: string): boolean {
  return FRAME_SIZES[format].some((f) => f.size === size);
}

export const MAX_SHOTS_PER_ROLL: Record<FilmFormat, number> = {
  "135": 100,
  "120": 50,
  "220": 50,
  sheet: 1,
  "110": 30,
  APS: 30,
};

export const ISO_CHOICES = [
  3, 6, 9, 12, 16, 20, 25, 32, 50, 64, 80, 100, 125, 160, 200, 250, 320, 400, 500, 640, 800, 1000, 1250, 1600, 3200, 6400,
] as const;

export const PUSH_PULL_MIN = -5;
export const PUSH_PULL_MAX = 5;

export const APERTURES = [1, 1.2, 1.4, 1.8, 2, 2.8, 3.5, 4, 5.6, 6.3, 8, 11, 16, 22, 32] as const;
