import type { ReactNode } from "react";
import { useSvgId } from "./svg-id.ts";

interface AppWindowProps {
  /** What the picture shows, read by screen readers instead of the drawing. */
  title: string;
  width: number;
  height: number;
  /** A dark window for the gallery (scans look best on dark grey). */
  dark?: boolean;
  children: ReactNode;
}

export const WINDOW_BAR = 26;

/** A browser window drawn in SVG, scaled to its container's width, around a mock-up of one of Latent's screens. */
export function AppWindow({ title, width, height, dark = false, children }: AppWindowProps) {
  const titleId = useSvgId();
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={titleId}
      style={{ display: "block", width: "100%", height: "auto", filter: "drop-shadow(0 8px 18px rgba(60, 30, 10, 0.16))" }}
    >
      <title id={titleId}>{title}</title>
      <rect x="1" y="1" width={width - 2} height={height - 2} rx="10" fill={dark ? "#202124" : "#ffffff"} stroke="#ced4da" />
      <path
        d={`M1 ${WINDOW_BAR} V11 Q1 1 11 1 H${width - 11} Q${width - 1} 1 ${width - 1} 11 V${WINDOW_BAR} Z`}
        fill={dark ? "#2c2d30" : "#f1f3f5"}
      />
      <circle cx="16" cy="14" r="4" fill="#e37341" />
      <circle cx="29" cy="14" r="4" fill="#f0b9a0" />
      <circle cx="42" cy="14" r="4" fill={dark ? "#5c5f66" : "#ced4da"} />
      <rect
        x={width / 2 - 70}
        y="8"
        width="140"
        height="12"
        rx="6"
        fill={dark ? "#3b3d42" : "#ffffff"}
        stroke={dark ? "none" : "#dee2e6"}
      />
      {children}
    </svg>
  );
}
