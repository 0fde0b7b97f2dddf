import { CURRENCIES, type Currency } from "@latent/domain/plans";
import { Group, SegmentedControl, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** "Prices in € Euro | $ US dollar": the currency the plans are shown (and charged) in. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const { t } = useTranslation("pricing");
  const labelId = useId();
  return (
    <Group gap="sm">
      <Text id={labelId} fw={600}>
        {t("currency.label")}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Currency)}
        data={CURRENCIES.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
      />
    </Group>
  );
}
