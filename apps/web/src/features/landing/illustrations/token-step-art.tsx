import type { JSX } from "react";
import { QrGlyph } from "./qr-glyph.tsx";
import { Scene } from "./scene.tsx";
import { useSvgId } from "./svg-id.ts";

export const TOKEN_STEPS = ["pack", "stick", "scan", "linked"] as const;
export type TokenStep = (typeof TOKEN_STEPS)[number];

const ORANGE = "#d04f1a";

/** A negative sleeve: a label band on top, pockets holding strips of colour negatives, and a sticker on the band. */
function Sleeve({ x, y, width, height, sticker = true }: { x: number; y: number; width: number; height: number; sticker?: boolean }) {
  const band = height * 0.18;
  const pocket = (height - band - 6) / 4;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="4" fill="#f1f3f5" stroke="#868e96" />
      <rect x={x + 1} y={y + 1} width={width - 2} height={band} rx="3" fill="#ffffff" />
      {[0, 1, 2, 3].map((row) => {
        const sy = y + band + 3 + row * pocket;
        return (
          <g key={row}>
            <rect x={x + 6} y={sy + 2} width={width - 12} height={pocket - 4} fill="#c7743a" />
            {[0, 1, 2, 3, 4].map((frame) => (
              <rect
                key={frame}
                x={x + 9 + (frame * (width - 18)) / 5}
                y={sy + 4}
                width={(width - 18) / 5 - 3}
                height={pocket - 8}
                fill="#7a3b12"
                opacity={0.55 + ((row + frame) % 3) * 0.15}
              />
            ))}
          </g>
        );
      })}
      {sticker && (
        <g>
          <rect
            x={x + width - band - 4}
            y={y + 2}
            width={band - 2}
            height={band - 2}
            rx="2"
            fill="#ffffff"
            stroke={ORANGE}
            strokeWidth="1.5"
          />
          <QrGlyph x={x + width - band - 2} y={y + 4} size={band - 6} seed={3} />
        </g>
      )}
    </g>
  );
}

function Pack() {
  return (
    <g>
      <g transform="rotate(-4 110 75)">
        <rect x="40" y="16" width="140" height="118" rx="6" fill="#ffffff" stroke="#868e96" />
        {[0, 1, 2, 3, 4, 5].map((i) => {
          const x = 54 + (i % 3) * 44;
          const y = 30 + Math.floor(i / 3) * 52;
          if (i === 5) return <rect key={i} x={x} y={y} width="34" height="34" rx="4" fill="none" stroke="#adb5bd" strokeDasharray="4 3" />;
          return (
            <g key={i}>
              <rect x={x} y={y} width="34" height="34" rx="4" fill="#ffffff" stroke="#ced4da" />
              <QrGlyph x={x + 3} y={y + 3} size={28} seed={i + 11} />
            </g>
          );
        })}
      </g>
      <g transform="rotate(12 186 112)">
        <rect x="170" y="96" width="34" height="34" rx="4" fill="#ffffff" stroke={ORANGE} strokeWidth="1.5" />
        <QrGlyph x={173} y={99} size={28} seed={16} />
      </g>
    </g>
  );
}

function Stick() {
  return (
    <g>
      <Sleeve x={20} y={30} width={180} height={112} />
      <path d="M118 14 Q150 6 170 26" stroke={ORANGE} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M163 24 L171 28 L172 19" stroke={ORANGE} strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </g>
  );
}

function Scan() {
  return (
    <g>
      <Sleeve x={12} y={44} width={112} height={86} />
      <path d="M116 50 L150 44 M116 60 L150 104" stroke={ORANGE} strokeWidth="1.5" strokeDasharray="4 3" />
      <rect x="148" y="20" width="60" height="112" rx="10" fill="#212529" />
      <rect x="152" y="30" width="52" height="90" rx="3" fill="#343a40" />
      <QrGlyph x={166} y={63} size={24} seed={3} />
      <path
        d="M160 60 v-5 h5 M195 55 h5 v5 M200 90 v5 h-5 M165 95 h-5 v-5"
        stroke="#f0b9a0"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  );
}

function Linked() {
  return (
    <g>
      <Sleeve x={12} y={50} width={78} height={62} />
      <g stroke={ORANGE} strokeWidth="3" fill="none">
        <rect x="94" y="72" width="18" height="11" rx="5.5" />
        <rect x="106" y="72" width="18" height="11" rx="5.5" />
      </g>
      <rect x="132" y="14" width="68" height="124" rx="11" fill="#212529" />
      <rect x="137" y="24" width="58" height="104" rx="3" fill="#ffffff" />
      <Scene x={141} y={30} width={50} height={34} variant={2} />
      <rect x="141" y="70" width="42" height="6" rx="3" fill="#495057" />
      <rect x="141" y="81" width="30" height="5" rx="2.5" fill="#ced4da" />
      <rect x="141" y="91" width="36" height="5" rx="2.5" fill="#ced4da" />
      <circle cx="184" cy="113" r="9" fill="#2f9e44" />
      <path d="M179.5 113 l3 3.2 l6 -6.4" stroke="#ffffff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </g>
  );
}

const ART: Record<TokenStep, () => JSX.Element> = { pack: Pack, stick: Stick, scan: Scan, linked: Linked };

/** One step of the sticker guide, drawn in SVG; `title` says what it shows to screen readers. */
export function TokenStepArt({ step, title }: { step: TokenStep; title: string }) {
  const titleId = useSvgId();
  const Art = ART[step];
  return (
    <svg viewBox="0 0 220 150" role="img" aria-labelledby={titleId} style={{ display: "block", width: "100%", height: "auto" }}>
      <title id={titleId}>{title}</title>
      <rect width="220" height="150" rx="12" fill="#fdf0ea" />
      <Art />
    </svg>
  );
}
