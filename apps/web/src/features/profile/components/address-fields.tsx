import type { Country } from "@latent/domain/static-data";
import { Group, NativeSelect, Select, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCountries } from "../../static-data/api/get-countries.ts";
import { useStates } from "../../static-data/api/get-states.ts";
import { type ProfileValues, TAX_ID_CHOICES } from "../profile-values.ts";

interface AddressFieldsProps {
  form: UseFormReturnType<ProfileValues>;
  which: "address" | "shipping";
  /** Tax ids are asked with the billing address only. */
  withTaxId?: boolean;
}

/** Countries named in the user's language by the browser; the server's English name when it has none. */
function countryOptions(countries: Country[], locale: string) {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return countries.map((c) => ({ value: c.code, label: names.of(c.code) ?? c.name })).sort((a, b) => collator.compare(a.label, b.label));
}

export function AddressFields({ form, which, withTaxId = false }: AddressFieldsProps) {
  const { t, i18n } = useTranslation("profile");
  const countries = useCountries();
  const options = useMemo(() => countryOptions(countries.data ?? [], i18n.language), [countries.data, i18n.language]);
  const country = form.getValues()[which].country;
  const states = useStates(country);
  const field = (name: keyof ProfileValues["address"]) => form.getInputProps(`${which}.${name}`);
  const section = which === "shipping" ? "shipping" : "billing";

  return (
    <Stack gap="sm">
      <TextInput label={t("address.line1")} autoComplete={`${section} address-line1`} {...field("line1")} />
      <TextInput label={t("address.line2")} autoComplete={`${section} address-line2`} {...field("line2")} />
      <Group grow align="flex-start">
        <TextInput label={t("address.postalCode")} autoComplete={`${section} postal-code`} {...field("postal_code")} />
        <TextInput label={t("address.city")} autoComplete={`${section} address-level2`} {...field("city")} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t("address.country")}
          placeholder={countries.isPending ? t("common:loading") : t("address.countryPlaceholder")}
          data={options}
          searchable
          clearable
          disabled={countries.isPending}
          nothingFoundMessage={t("address.noCountry")}
          autoComplete={`${section} country`}
          {...field("country")}
          onChange={(value) => {
            // A new country has other states: the old one no longer applies.
            form.setFieldValue(`${which}.country`, value ?? "");
            form.setFieldValue(`${which}.state`, "");
          }}
        />
        {states.data && states.data.length > 0 ? (
          <Select
            label={t("address.state")}
            data={states.data.map((s) => s.name)}
            searchable
            clearable
            nothingFoundMessage={t("address.noState")}
            {...field("state")}
            onChange={(value) => form.setFieldValue(`${which}.state`, value ?? "")}
          />
        ) : (
          <TextInput label={t("address.state")} autoComplete={`${section} address-level1`} {...field("state")} />
        )}
      </Group>
      <TextInput label={t("address.phone")} type="tel" autoComplete="tel" {...field("phone")} />
      {withTaxId && (
        <Group grow align="flex-start">
          <NativeSelect
            label={t("address.taxIdType")}
            data={[
              { value: "", label: t("address.taxIdNone") },
              ...TAX_ID_CHOICES.map((choice) => ({ value: choice, label: t(`address.taxIdTypes.${choice}`) })),
            ]}
            {...field("tax_id_type")}
          />
          <TextInput label={t("address.taxId")} {...field("vat")} />
        </Group>
      )}
    </Stack>
  );
}
