import type { OrderStatus } from "@latent/domain/orders";
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusColor } from "../public/order-status.ts";

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("orders");
  return (
    <Badge color={statusColor(status)} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
