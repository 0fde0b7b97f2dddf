import { useTranslation } from "react-i18next";
import { AppWindow, WINDOW_BAR } from "./app-window.tsx";
import { QrGlyph } from "./qr-glyph.tsx";
import { SAMPLE_ROLLS } from "./sample-rolls.ts";
import { Scene } from "./scene.tsx";
import { useSvgId } from "./svg-id.ts";

const WIDTH = 480;
const CARD_W = 120;
const CARD_H = 118;
const GAP = 12;
const LEFT = 86;
const TOP = WINDOW_BAR + 46;

/** The rolls screen: a sidebar and a grid of roll cards, each with a scan, its stock and its details. */
export function RollGridMockup() {
  const { t } = useTranslation("landing");
  const id = useSvgId();
  return (
    <AppWindow title={t("mockups.rollGrid")} width={WIDTH} height={TOP + 2 * CARD_H + GAP + 14}>
      <rect x="12" y={WINDOW_BAR + 14} width="58" height="10" rx="5" fill="#b4461f" />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x="12" y={WINDOW_BAR + 36 + i * 20} width={46 - (i % 2) * 10} height="8" rx="4" fill="#dee2e6" />
      ))}
      <line x1="78" y1={WINDOW_BAR} x2="78" y2={TOP + 2 * CARD_H + GAP + 13} stroke="#e9ecef" />
      <rect x={LEFT} y={WINDOW_BAR + 16} width="110" height="12" rx="6" fill="#495057" />
      <rect x={WIDTH - 96} y={WINDOW_BAR + 12} width="84" height="20" rx="10" fill="#b4461f" />
      <path
        d={`M${WIDTH - 60} ${WINDOW_BAR + 22}h12M${WIDTH - 54} ${WINDOW_BAR + 16}v12`}
        stroke="#ffffff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {SAMPLE_ROLLS.map((roll, i) => {
        const x = LEFT + (i % 3) * (CARD_W + GAP);
        const y = TOP + Math.floor(i / 3) * (CARD_H + GAP);
        return (
          <g key={roll.name}>
            <rect x={x} y={y} width={CARD_W} height={CARD_H} rx="8" fill="#ffffff" stroke="#dee2e6" />
            <clipPath id={`${id}-card-${i}`}>
              <path
                d={`M${x} ${y + 64} V${y + 8} Q${x} ${y} ${x + 8} ${y} H${x + CARD_W - 8} Q${x + CARD_W} ${y} ${x + CARD_W} ${y + 8} V${y + 64} Z`}
              />
            </clipPath>
            <g clipPath={`url(#${id}-card-${i})`}>
              <Scene x={x} y={y} width={CARD_W} height={64} variant={roll.scene} />
            </g>
            {i === 0 && (
              <g>
                <rect x={x + CARD_W - 27} y={y + 5} width="22" height="22" rx="3" fill="#ffffff" />
                <QrGlyph x={x + CARD_W - 25} y={y + 7} size={18} seed={7} />
              </g>
            )}
            <text x={x + 8} y={y + 82} fontSize="10" fontWeight="700" fill="#212529" fontFamily="system-ui, sans-serif">
              {roll.name}
            </text>
            <text x={x + 8} y={y + 97} fontSize="8.5" fill="#495057" fontFamily="system-ui, sans-serif">
              {`${roll.format} · ${t(`films:processCodes.${roll.process}`)} · ISO ${roll.iso}`}
            </text>
            <rect x={x + 8} y={y + 104} width={36 + (i % 3) * 14} height="6" rx="3" fill="#f0b9a0" />
          </g>
        );
      })}
    </AppWindow>
  );
}
