import { BACKGROUND_COLOR, BRAND_PALETTE, BRAND_SHADE } from "@latent/domain/brand";
import { Alert, type CSSVariablesResolver, createTheme, type MantineColorsTuple, type TooltipProps } from "@mantine/core";

/**
 * The darkroom-safelight orange of the sign-in pages, so leaving for the identity provider feels like one product.
 * The brand's colours live in the domain package: the server's web app manifest gives the same ones.
 */
const latent: MantineColorsTuple = [...BRAND_PALETTE];

export const theme = createTheme({
  primaryColor: "latent",
  // Shade 7 keeps white button text above 4.5:1 contrast.
  primaryShade: BRAND_SHADE,
  colors: { latent },
  white: BACKGROUND_COLOR,
  defaultRadius: "md",
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // Light alerts tint their title with the alert's colour, too pale on yellow; the background keeps the cue.
    Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
    // Spec §9: tooltips show and hide at once, fade in 250 ms, and wrap at 12.5 rem. Written out rather than
    // `Tooltip.extend`, which would put Tooltip and Floating UI (~20 KB gzip) in every page's first script, used or
    // not (decision 0052): the pages that show a tooltip load it with their own code.
    Tooltip: {
      defaultProps: {
        openDelay: 0,
        closeDelay: 0,
        transitionProps: { transition: "fade", duration: 250 },
        multiline: true,
        maw: "12.5rem",
      } satisfies Partial<TooltipProps>,
    },
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
