import { Alert, type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** The darkroom-safelight orange of the sign-in pages, so leaving for the identity provider feels like one product. */
const latent: MantineColorsTuple = [
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
];

export const theme = createTheme({
  primaryColor: "latent",
  // Shade 7 keeps white button text above 4.5:1 contrast.
  primaryShade: 7,
  colors: { latent },
  defaultRadius: "md",
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // Light alerts tint their title with the alert's colour, too pale on yellow; the background keeps the cue.
    Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
  },
});

/**
 * Mantine's default dimmed grey and error red are below 4.5:1 on white; secondary text and field errors must stay
 * readable (WCAG AA).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)", "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {},
});
