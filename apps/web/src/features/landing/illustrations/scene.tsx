/** Flat colours of a few imaginary frames: colour negative stocks, a slide, and black and white. */
const PALETTES = [
  { sky: "#f6d5a8", sun: "#e9936c", land: "#8f3716" },
  { sky: "#cfe3ea", sun: "#fff4d6", land: "#4f7a6b" },
  { sky: "#d9d9d9", sun: "#f5f5f5", land: "#4a4a4a" },
  { sky: "#f3c6b5", sun: "#fdf0ea", land: "#6b2810" },
  { sky: "#bcd4e6", sun: "#ffffff", land: "#3d6d8c" },
  { sky: "#9e9e9e", sun: "#e0e0e0", land: "#222222" },
] as const;

export const SCENE_COUNT = PALETTES.length;

interface SceneProps {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Which of the palettes (wraps around). */
  variant: number;
}

/** A tiny landscape standing in for a scanned photo inside the mock-ups. */
export function Scene({ x, y, width: w, height: h, variant }: SceneProps) {
  const p = PALETTES[variant % PALETTES.length]!;
  const hill = `M${x} ${y + h * 0.72} Q${x + w * 0.3} ${y + h * 0.42} ${x + w * 0.58} ${y + h * 0.66} T${x + w} ${y + h * 0.58} V${y + h} H${x} Z`;
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} fill={p.sky} />
      <circle cx={x + w * (0.3 + (variant % 3) * 0.2)} cy={y + h * 0.34} r={Math.min(w, h) * 0.14} fill={p.sun} />
      <path d={hill} fill={p.land} />
    </g>
  );
}
