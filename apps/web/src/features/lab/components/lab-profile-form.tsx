import type { MyLab } from "@latent/domain/labs";
import { LabDataSchema } from "@latent/domain/labs";
import { WebpageSchema } from "@latent/domain/user";
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";
import { PictureField } from "../../profile/public/picture-field.tsx";
import { useCountries } from "../../static-data/api/get-countries.ts";
import { useUpdateLab } from "../api/update-lab.ts";
import { type LabValues, labDataBody, labValues } from "../lab-values.ts";

/** The lab as photographers see it in the directory and on its orders: name, place, web page, address and logo. */
export function LabProfileForm({ lab, accountEmail }: { lab: MyLab; accountEmail: string | null }) {
  const { t, i18n } = useTranslation("lab");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const update = useUpdateLab();
  const countries = useCountries();
  const [logo, setLogo] = useState<File | null>(null);
  const [removingLogo, setRemovingLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useForm<LabValues>({
    mode: "controlled",
    initialValues: labValues(lab),
    // What would be sent, checked by the server's own schema.
    validate: (values) => fieldErrorsOf(LabDataSchema, labDataBody(values), tErrors),
  });
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: "region" });
    const collator = new Intl.Collator(i18n.language);
    return (countries.data ?? [])
      .map((c) => ({ value: c.code, label: names.of(c.code) ?? c.name }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries.data, i18n.language]);

  const submit = async (values: LabValues) => {
    const body = labDataBody(values);
    try {
      const saved = await update.mutateAsync(logo ? { labData: body, logo } : { labData: removingLogo ? { ...body, logo: null } : body });
      setLogo(null);
      setRemovingLogo(false);
      form.setInitialValues(labValues(saved));
      form.setValues(labValues(saved));
      form.resetDirty(labValues(saved));
      notifications.show({ color: "green", message: t("profile.saved") });
    } catch (err) {
      if (err instanceof ApiError && (err.code === "picture-too-big" || err.code === "not-an-image")) {
        setLogoError(errorText(err));
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        form.setErrors(Object.fromEntries(Object.keys(err.fields).map((path) => [path, tErrors("validation.not-valid")])));
      }
      notifications.show({ color: "red", title: t("profile.saveFailed"), message: errorText(err) });
    }
  };
  const field = (name: keyof LabValues["address"]) => form.getInputProps(`address.${name}`);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lab-profile-heading">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="lab-profile-heading">
            {t("profile.title")}
          </Title>
          <PictureField
            id="lab-logo"
            shape="square"
            texts={{
              label: t("profile.logo"),
              hint: t("profile.logoHint"),
              alt: t("profile.logoAlt"),
              choose: t("profile.logoChoose"),
              change: t("profile.logoChange"),
              undo: t("profile.logoUndo"),
              remove: t("profile.logoRemove"),
              preparing: t("profile.logoPreparing"),
              pending: (name) => t("profile.logoPending", { name }),
              removing: t("profile.logoRemoving"),
            }}
            current={lab.logo_url}
            name={lab.name}
            value={logo}
            onChange={setLogo}
            removing={removingLogo}
            onRemovingChange={setRemovingLogo}
            error={logoError}
            onError={setLogoError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("profile.name")} withAsterisk autoComplete="organization" {...form.getInputProps("name")} />
            <TextInput label={t("profile.location")} description={t("profile.locationHint")} {...form.getInputProps("location")} />
          </SimpleGrid>
          <TextInput
            label={t("profile.webpage")}
            type="url"
            placeholder="example.com"
            autoComplete="url"
            {...form.getInputProps("webpage")}
            // A bare domain is a web page: show the https:// address that will be saved (junk stays as typed).
            onBlur={(event) => {
              const webpage = WebpageSchema.safeParse(event.currentTarget.value);
              if (webpage.success) form.setFieldValue("webpage", webpage.data);
              form.getInputProps("webpage").onBlur?.(event);
            }}
          />
          <TextInput
            label={t("profile.contactEmail")}
            description={accountEmail ? t("profile.contactEmailHint", { email: accountEmail }) : t("profile.contactEmailHintNoAccount")}
            type="email"
            placeholder={accountEmail ?? undefined}
            autoComplete="email"
            {...form.getInputProps("contact_email")}
          />
          <Title order={3} size="h5">
            {t("profile.address")}
          </Title>
          <TextInput label={t("profile.line1")} autoComplete="address-line1" {...field("line1")} />
          <TextInput label={t("profile.line2")} autoComplete="address-line2" {...field("line2")} />
          <Group grow align="flex-start">
            <TextInput label={t("profile.postalCode")} autoComplete="postal-code" {...field("postal_code")} />
            <TextInput label={t("profile.city")} autoComplete="address-level2" {...field("city")} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t("profile.country")}
              placeholder={countries.isPending ? t("common:loading") : undefined}
              data={countryOptions}
              searchable
              clearable
              disabled={countries.isPending}
              nothingFoundMessage={t("profile.noCountry")}
              autoComplete="country"
              {...field("country")}
              onChange={(value) => form.setFieldValue("address.country", value ?? "")}
            />
            <TextInput label={t("profile.state")} autoComplete="address-level1" {...field("state")} />
          </Group>
          <TextInput label={t("profile.phone")} type="tel" autoComplete="tel" {...field("phone")} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t("profile.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
