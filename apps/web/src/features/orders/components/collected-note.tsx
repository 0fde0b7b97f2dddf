import type { OrderCollection } from "@latent/domain/orders";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { collectionParts } from "../order-collection.ts";

/** "Collected by Joan Puig on 27 Nov 2026" and what went (rolls, scans, size), as the list and the drawer show it. */
export function CollectedNote({ collected, size = "sm" }: { collected: OrderCollection; size?: "xs" | "sm" }) {
  const { t, i18n } = useTranslation("orders");
  const parts = collectionParts(collected, i18n.language);
  return (
    <>
      <Text size={size} fw={600}>
        {t("collected.by", { name: parts.name, date: parts.date })}
      </Text>
      <Text size={size} c="dimmed">
        {parts.amounts
          ? t("collected.summary", {
              rolls: t("collected.rolls", { count: parts.amounts.rolls }),
              scans: t("rolls.scans", { count: parts.amounts.scans }),
              size: parts.amounts.size,
            })
          : t("collected.unknown")}
      </Text>
    </>
  );
}
