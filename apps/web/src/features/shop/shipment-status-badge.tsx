import type { ShipmentStatus } from "@latent/domain/shop";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS: Record<ShipmentStatus, string> = {
  UNKNOWN: "gray",
  created: "yellow",
  paid: "blue",
  packed: "indigo",
  shipped: "cyan",
  delivered: "green",
  cancelled: "red",
};

/** A shipment's status as a coloured word ("Awaiting payment", "Paid", "Shipped"…). */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation("shop");
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {t(`shipmentStatus.${status in COLORS && status !== "UNKNOWN" ? status : "unknown"}`)}
    </Badge>
  );
}
