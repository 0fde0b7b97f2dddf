import { useTranslation } from "react-i18next";
import { AppWindow, WINDOW_BAR } from "./app-window.tsx";
import { SCENE_COUNT, Scene } from "./scene.tsx";

const WIDTH = 480;
const FRAME_W = 100;
const FRAME_H = 62;
const GAP = 12;
const LEFT = 20;
const STRIP_H = 84;
const ROWS = 3;
const KEPT = [1, 6, 11];
const FRAME_IDS = Array.from({ length: ROWS * 4 }, (_, index) => `frame-${index + 1}`);

function star(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}

/** A roll's gallery: the scans laid out as strips of negatives, with the shots marked as kept. */
export function GalleryMockup() {
  const { t } = useTranslation("landing");
  const height = WINDOW_BAR + 16 + ROWS * (STRIP_H + 8) + 8;
  return (
    <AppWindow title={t("mockups.gallery")} width={WIDTH} height={height} dark>
      {Array.from({ length: ROWS }, (_, row) => {
        const y = WINDOW_BAR + 16 + row * (STRIP_H + 8);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, its rows never move
          <g key={row}>
            <rect x="10" y={y} width={WIDTH - 20} height={STRIP_H} rx="3" fill="#111111" />
            {Array.from({ length: 32 }, (_, hole) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, its holes never move
              <g key={hole}>
                <rect x={16 + hole * 14} y={y + 4} width="7" height="5" rx="1.5" fill="#3b3d42" />
                <rect x={16 + hole * 14} y={y + STRIP_H - 9} width="7" height="5" rx="1.5" fill="#3b3d42" />
              </g>
            ))}
            {FRAME_IDS.slice(row * 4, row * 4 + 4).map((frameId, col) => {
              const index = row * 4 + col;
              const x = LEFT + col * (FRAME_W + GAP) + 4;
              const fy = y + (STRIP_H - FRAME_H) / 2;
              const kept = KEPT.includes(index);
              return (
                <g key={frameId}>
                  <Scene x={x} y={fy} width={FRAME_W} height={FRAME_H} variant={(index * 5 + row) % SCENE_COUNT} />
                  {kept && (
                    <g>
                      <rect
                        x={x - 1.5}
                        y={fy - 1.5}
                        width={FRAME_W + 3}
                        height={FRAME_H + 3}
                        fill="none"
                        stroke="#e37341"
                        strokeWidth="3"
                      />
                      <circle cx={x + FRAME_W - 11} cy={fy + 11} r="9" fill="#b4461f" />
                      <path d={star(x + FRAME_W - 11, fy + 11.5, 6)} fill="#ffffff" />
                    </g>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </AppWindow>
  );
}
