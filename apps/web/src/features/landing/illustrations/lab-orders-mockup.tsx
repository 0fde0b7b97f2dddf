import { useTranslation } from "react-i18next";
import { AppWindow, WINDOW_BAR } from "./app-window.tsx";
import { Scene } from "./scene.tsx";

const WIDTH = 480;
const ROW_H = 50;

type OrderStatus = "created" | "shared" | "sent";

/** Made-up orders of a lab; references and initials are data, the same in every language. */
const ORDERS: { reference: string; initials: string; scenes: number[]; status: OrderStatus }[] = [
  { reference: "#1042", initials: "AM", scenes: [0, 2, 4], status: "sent" },
  { reference: "#1043", initials: "JR", scenes: [1], status: "shared" },
  { reference: "#1044", initials: "LP", scenes: [3, 5], status: "created" },
  { reference: "#1045", initials: "SK", scenes: [2, 0, 1, 4], status: "created" },
];

const STATUS_COLORS: Record<OrderStatus, { fill: string; text: string }> = {
  created: { fill: "#e9ecef", text: "#343a40" },
  shared: { fill: "#fdf0ea", text: "#8f3716" },
  sent: { fill: "#d3f9d8", text: "#1b5e20" },
};

/** A lab's orders: one row per customer's order, its rolls and where it stands (created, shared, sent). */
export function LabOrdersMockup() {
  const { t } = useTranslation("landing");
  const top = WINDOW_BAR + 44;
  return (
    <AppWindow title={t("mockups.labOrders")} width={WIDTH} height={top + ORDERS.length * ROW_H + 8}>
      <rect x="16" y={WINDOW_BAR + 14} width="120" height="12" rx="6" fill="#495057" />
      <rect x={WIDTH - 136} y={WINDOW_BAR + 10} width="120" height="20" rx="10" fill="#ffffff" stroke="#ced4da" />
      <circle cx={WIDTH - 122} cy={WINDOW_BAR + 20} r="4.5" fill="none" stroke="#868e96" strokeWidth="1.8" />
      {ORDERS.map((order, i) => {
        const y = top + i * ROW_H;
        const colors = STATUS_COLORS[order.status];
        const label = t(`mockups.orderStatus.${order.status}`);
        return (
          <g key={order.reference} fontFamily="system-ui, sans-serif">
            <rect x="16" y={y} width={WIDTH - 32} height={ROW_H - 8} rx="8" fill="#ffffff" stroke="#e9ecef" />
            <circle cx="40" cy={y + 21} r="13" fill="#f0b9a0" />
            <text x="40" y={y + 25} fontSize="10" fontWeight="700" textAnchor="middle" fill="#6b2810">
              {order.initials}
            </text>
            <text x="62" y={y + 18} fontSize="11" fontWeight="700" fill="#212529">
              {order.reference}
            </text>
            <rect x="62" y={y + 25} width={70 + (i % 2) * 24} height="6" rx="3" fill="#dee2e6" />
            {order.scenes.map((scene, r) => (
              <Scene key={`${order.reference}-${scene}`} x={190 + r * 30} y={y + 11} width={26} height={20} variant={scene} />
            ))}
            <rect x={WIDTH - 112} y={y + 11} width="84" height="20" rx="10" fill={colors.fill} />
            <text x={WIDTH - 70} y={y + 25} fontSize="10" fontWeight="700" textAnchor="middle" fill={colors.text}>
              {label}
            </text>
          </g>
        );
      })}
    </AppWindow>
  );
}
