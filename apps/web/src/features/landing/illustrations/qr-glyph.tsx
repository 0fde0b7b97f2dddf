const SIZE = 21;

/** Deterministic pseudo-random modules, so every render of one sticker looks the same. */
function modules(seed: number): boolean[] {
  let state = seed * 2654435761 || 1;
  return Array.from({ length: SIZE * SIZE }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state >> 16) % 2 === 0;
  });
}

const inFinder = (col: number, row: number) => (col < 8 && row < 8) || (col >= SIZE - 8 && row < 8) || (col < 8 && row >= SIZE - 8);

/** A QR-like square: the three finder patterns of a real code and made-up data modules (it does not scan). */
export function QrGlyph({
  x,
  y,
  size,
  seed = 1,
  color = "#1a1b1e",
}: {
  x: number;
  y: number;
  size: number;
  seed?: number;
  color?: string;
}) {
  const m = size / SIZE;
  const data = modules(seed);
  let d = "";
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      if (!inFinder(col, row) && data[row * SIZE + col]) d += `M${x + col * m} ${y + row * m}h${m}v${m}h${-m}z`;
    }
  }
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`}>
      <rect x={x + fx * m} y={y + fy * m} width={7 * m} height={7 * m} fill={color} />
      <rect x={x + (fx + 1) * m} y={y + (fy + 1) * m} width={5 * m} height={5 * m} fill="#ffffff" />
      <rect x={x + (fx + 2) * m} y={y + (fy + 2) * m} width={3 * m} height={3 * m} fill={color} />
    </g>
  );
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} fill="#ffffff" />
      <path d={d} fill={color} />
      {finder(0, 0)}
      {finder(SIZE - 7, 0)}
      {finder(0, SIZE - 7)}
    </g>
  );
}
