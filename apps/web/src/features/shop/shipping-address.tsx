import type { Address } from "@latent/domain/user";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A postal address as it is written on a parcel, the country named in the reader's language. */
export function ShippingAddress({ address }: { address: Address }) {
  const { i18n } = useTranslation();
  const country = new Intl.DisplayNames([i18n.language], { type: "region" }).of(address.country) ?? address.country;
  // Keyed by the part of the address they show: two parts may read the same (a city named like its state).
  const lines = Object.entries({
    line1: address.line1,
    line2: address.line2,
    city: [address.postal_code, address.city].filter(Boolean).join(" "),
    state: address.state,
    country,
  }).filter(([, line]) => Boolean(line));
  return (
    <Text component="address" style={{ fontStyle: "normal" }}>
      {lines.map(([part, line]) => (
        <span key={part}>
          {line}
          <br />
        </span>
      ))}
    </Text>
  );
}
