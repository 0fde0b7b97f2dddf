import { useTranslation } from "react-i18next";
import { AppWindow, WINDOW_BAR } from "./app-window.tsx";
import { Scene } from "./scene.tsx";

const WIDTH = 480;
const ROW_H = 44;

/** Made-up scan files of one roll; file names are data, the same in every language. */
const FILES = [
  { name: "R24-01.tif", progress: 1, scene: 0 },
  { name: "R24-02.tif", progress: 1, scene: 3 },
  { name: "R24-03.tif", progress: 0.64, scene: 1 },
  { name: "R24-04.tif", progress: 0.23, scene: 4 },
  { name: "R24-05.tif", progress: 0, scene: 2 },
] as const;

/** Pending uploads: a drop zone for a folder of scans, then one row per shot with its progress. */
export function UploadListMockup() {
  const { t, i18n } = useTranslation("landing");
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" });
  const listTop = WINDOW_BAR + 92;
  return (
    <AppWindow title={t("mockups.uploads")} width={WIDTH} height={listTop + FILES.length * ROW_H + 10}>
      <rect x="16" y={WINDOW_BAR + 14} width={WIDTH - 32} height="64" rx="10" fill="#fdf0ea" stroke="#e37341" strokeDasharray="6 5" />
      <path
        d={`M${WIDTH / 2} ${WINDOW_BAR + 62} V${WINDOW_BAR + 30} M${WIDTH / 2 - 11} ${WINDOW_BAR + 41} L${WIDTH / 2} ${WINDOW_BAR + 30} L${WIDTH / 2 + 11} ${WINDOW_BAR + 41}`}
        stroke="#b4461f"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      {FILES.map((file, i) => {
        const y = listTop + i * ROW_H;
        const done = file.progress === 1;
        const waiting = file.progress === 0;
        const barX = 170;
        const barW = 200;
        return (
          <g key={file.name}>
            <rect x="16" y={y} width={WIDTH - 32} height={ROW_H - 8} rx="6" fill="#ffffff" stroke="#e9ecef" />
            <Scene x={24} y={y + 5} width={40} height={26} variant={file.scene} />
            <text x="76" y={y + 22} fontSize="11" fill="#212529" fontFamily="system-ui, sans-serif">
              {file.name}
            </text>
            <rect x={barX} y={y + 15} width={barW} height="7" rx="3.5" fill="#e9ecef" />
            {!waiting && <rect x={barX} y={y + 15} width={barW * file.progress} height="7" rx="3.5" fill={done ? "#2f9e44" : "#d04f1a"} />}
            {done ? (
              <g>
                <circle cx={WIDTH - 46} cy={y + 18} r="9" fill="#2f9e44" />
                <path
                  d={`M${WIDTH - 50.5} ${y + 18} l3 3.2 l6 -6.4`}
                  stroke="#ffffff"
                  strokeWidth="2.2"
                  fill="none"
                  strokeLinecap="round"
                />
              </g>
            ) : waiting ? (
              <g>
                <circle cx={WIDTH - 46} cy={y + 18} r="8" fill="none" stroke="#868e96" strokeWidth="2" />
                <path d={`M${WIDTH - 46} ${y + 13} v5 h4`} stroke="#868e96" strokeWidth="2" fill="none" strokeLinecap="round" />
              </g>
            ) : (
              <text
                x={WIDTH - 30}
                y={y + 22}
                fontSize="11"
                fontWeight="700"
                textAnchor="end"
                fill="#b4461f"
                fontFamily="system-ui, sans-serif"
              >
                {percent.format(file.progress)}
              </text>
            )}
          </g>
        );
      })}
    </AppWindow>
  );
}
