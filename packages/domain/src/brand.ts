/**
 * Latent's name and colours, read by the web app's theme and by the server's web app manifest, so an installed app
 * and the pages it opens look the same.
 */
export const BRAND_NAME = "Latent";

/** The darkroom-safelight orange, lightest to darkest (a Mantine colour scale). */
export const BRAND_PALETTE = [
  "#fdf0ea",
  "#f7ddd1",
  "#f0b9a0",
  "#e9936c",
  "#e37341",
  "#df5f27",
  "#d04f1a",
  "#b4461f",
  "#8f3716",
  "#6b2810",
] as const;

/** The shade buttons and links use (white text on it stays above 4.5:1). */
export const BRAND_SHADE = 7;
export const THEME_COLOR = BRAND_PALETTE[BRAND_SHADE];
/** The pages' background. */
export const BACKGROUND_COLOR = "#ffffff";
