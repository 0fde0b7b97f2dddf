import { UserDataSchema, WebpageSchema } from "@latent/domain/user";
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../shared/api/api-error.ts";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { fieldErrorsOf, type Translate } from "../../shared/forms/zod-field-errors.ts";
import { SecuritySection } from "../account/public/security-section.tsx";
import { SessionsSection } from "../account/public/sessions-section.tsx";
import { YourDataSection } from "../account/public/your-data-section.tsx";
import { LightroomSection } from "../plugins/public/lightroom-section.tsx";
import { SubscriptionSection } from "../shop/public/subscription-section.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useUpdateProfileWithPicture } from "../user/api/update-profile-with-picture.ts";
import { useUpdateUser } from "../user/api/update-user.ts";
import { AddressFields } from "./components/address-fields.tsx";
import { DowngradeSection } from "./components/downgrade-section.tsx";
import { InactiveSection } from "./components/inactive-section.tsx";
import { RollMailSection } from "./components/roll-mail-section.tsx";
import { type ProfileValues, profileValues, userDataBody } from "./profile-values.ts";
import { PictureField } from "./public/picture-field.tsx";

/** Validates what would be sent, so an address copied for shipping is checked once, where it is typed. */
function validate(values: ProfileValues, t: Translate) {
  return fieldErrorsOf(UserDataSchema, userDataBody(values), t);
}

export function ProfileScreen() {
  const { t } = useTranslation("profile");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const updateUser = useUpdateUser();
  const updateWithPicture = useUpdateProfileWithPicture();
  const [picture, setPicture] = useState<File | null>(null);
  const [removingPicture, setRemovingPicture] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    mode: "controlled",
    initialValues: profileValues(user),
    validate: (values) => validate(values, tErrors),
  });
  const saving = updateUser.isPending || updateWithPicture.isPending;

  const submit = async (values: ProfileValues) => {
    const userData = userDataBody(values);
    try {
      const saved = picture
        ? await updateWithPicture.mutateAsync({ picture, userData })
        : await updateUser.mutateAsync(removingPicture ? { ...userData, picture: null } : userData);
      setPicture(null);
      setRemovingPicture(false);
      // The saved profile as the server stored it (a bare domain comes back as its https:// address).
      form.setInitialValues(profileValues(saved));
      form.setValues(profileValues(saved));
      form.resetDirty(profileValues(saved));
      notifications.show({ color: "green", message: t("saved") });
    } catch (err) {
      if (err instanceof ApiError && (err.code === "picture-too-big" || err.code === "not-an-image")) {
        setPictureError(errorText(err));
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        form.setErrors(Object.fromEntries(Object.keys(err.fields).map((path) => [path, tErrors("validation.not-valid")])));
      }
      notifications.show({ color: "red", title: tErrors("api.update-profile-failed"), message: errorText(err) });
    }
  };

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1}>{t("title")}</Title>
      <InactiveSection user={user} />
      <DowngradeSection user={user} />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t("sections.profile")}>
            <Stack gap="sm">
              <PictureField
                id="profile-picture"
                shape="round"
                texts={{
                  label: t("fields.picture"),
                  hint: t("picture.hint"),
                  alt: t("picture.alt"),
                  choose: t("picture.choose"),
                  change: t("picture.change"),
                  undo: t("picture.undo"),
                  remove: t("picture.remove"),
                  preparing: t("picture.preparing"),
                  pending: (name) => t("picture.pending", { name }),
                  resized: t("picture.resized"),
                  removing: t("picture.removing"),
                }}
                current={user.picture}
                name={user.name || user.email || ""}
                value={picture}
                onChange={setPicture}
                removing={removingPicture}
                onRemovingChange={setRemovingPicture}
                error={pictureError}
                onError={setPictureError}
              />
              <TextInput label={t("fields.email")} value={user.email ?? ""} readOnly variant="filled" description={t("fields.emailHint")} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t("fields.name")} autoComplete="name" {...form.getInputProps("name")} />
                <TextInput label={t("fields.nickname")} autoComplete="nickname" {...form.getInputProps("nickname")} />
                <TextInput label={t("fields.firstName")} autoComplete="given-name" {...form.getInputProps("first_name")} />
                <TextInput label={t("fields.lastName")} autoComplete="family-name" {...form.getInputProps("last_name")} />
              </SimpleGrid>
              <TextInput
                label={t("fields.webpage")}
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
            </Stack>
          </Fieldset>

          <Fieldset legend={t("sections.address")}>
            <Text size="sm" c="dimmed" mb="sm">
              {t("address.hint")}
            </Text>
            <AddressFields form={form} which="address" withTaxId />
          </Fieldset>

          <Fieldset legend={t("sections.shipping")}>
            <Checkbox label={t("address.sameAsBilling")} mb="sm" {...form.getInputProps("shippingSameAsBilling", { type: "checkbox" })} />
            {!form.getValues().shippingSameAsBilling && <AddressFields form={form} which="shipping" />}
          </Fieldset>

          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {(user.role === "user" || user.role === "lab") && <RollMailSection user={user} />}
      <SubscriptionSection user={user} />
      <SecuritySection />
      <SessionsSection />
      <LightroomSection />
      <YourDataSection />
    </Stack>
  );
}
