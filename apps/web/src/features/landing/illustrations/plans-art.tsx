import { useSvgId } from "./svg-id.ts";

const CARDS = [
  { x: 30, height: 62, band: "#f0b9a0" },
  { x: 86, height: 92, band: "#b4461f" },
  { x: 142, height: 112, band: "#6b2810" },
] as const;

/** Three plan cards of growing size and a discount tag, for the pricing teaser; `tag` is the localized "-20 %". */
export function PlansArt({ title, tag }: { title: string; tag: string }) {
  const titleId = useSvgId();
  return (
    <svg viewBox="0 0 220 150" role="img" aria-labelledby={titleId} style={{ display: "block", width: "100%", height: "auto" }}>
      <title id={titleId}>{title}</title>
      <rect width="220" height="150" rx="12" fill="#fdf0ea" />
      {CARDS.map((card) => {
        const y = 134 - card.height;
        return (
          <g key={card.x}>
            <rect x={card.x} y={y} width="48" height={card.height} rx="6" fill="#ffffff" stroke="#ced4da" />
            <path
              d={`M${card.x} ${y + 12} V${y + 6} Q${card.x} ${y} ${card.x + 6} ${y} H${card.x + 42} Q${card.x + 48} ${y} ${card.x + 48} ${y + 6} V${y + 12} Z`}
              fill={card.band}
            />
            {[0, 1, 2].map((line) => (
              <rect key={line} x={card.x + 8} y={y + 22 + line * 10} width={32 - line * 6} height="4" rx="2" fill="#dee2e6" />
            ))}
          </g>
        );
      })}
      <g transform="rotate(-12 172 34)">
        <rect x="146" y="20" width="56" height="26" rx="13" fill="#2f9e44" />
        <text x="174" y="38" fontSize="14" fontWeight="800" textAnchor="middle" fill="#ffffff" fontFamily="system-ui, sans-serif">
          {tag}
        </text>
      </g>
    </svg>
  );
}
