import { paths } from "@latent/domain/app-paths";
import { Alert, Button, Checkbox, Group, List, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useAuthSession } from "../../../shared/auth/auth-session-context.tsx";
import { useDeleteAccount } from "../api/delete-account.ts";
import { ACCOUNT_DELETED_PARAM } from "../public/account-deleted-notice.tsx";

const DELETED = ["profile", "gear", "rolls", "shares", "stickers", "subscription"] as const;

interface Values {
  password: string;
  code: string;
  understood: boolean;
}

const FIELD_OF = { "wrong-password": "password", "totp-invalid": "code", "totp-required": "code" } as const;
const fieldOf = (err: unknown) => (err instanceof ApiError && err.code in FIELD_OF ? FIELD_OF[err.code as keyof typeof FIELD_OF] : null);

/**
 * The danger zone: what deleting the account removes, and the password (and a two-factor code) to do it. The
 * server ends every session; this browser forgets its own and reloads on the landing page, so nothing of the
 * account stays in memory.
 */
export function DeleteAccountCard({ totpEnabled }: { totpEnabled: boolean }) {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const session = useAuthSession();
  const remove = useDeleteAccount();
  const [opened, modal] = useDisclosure(false);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { password: "", code: "", understood: false },
    validate: {
      password: (value) => (value ? null : t("form.required")),
      code: (value) => (!totpEnabled || value.trim().length >= 6 ? null : t("twoFactor.codeFormat")),
      understood: (value) => (value ? null : t("delete.mustUnderstand")),
    },
  });

  const close = () => {
    form.reset();
    remove.reset();
    modal.close();
  };

  const submit = (values: Values) =>
    remove.mutate(
      { password: values.password, ...(totpEnabled ? { code: values.code.trim() } : {}) },
      {
        onSuccess: async () => {
          // The provider's sign-out page would answer for an account that no longer exists: forget it here only.
          await session.userManager.removeUser();
          window.location.assign(`${paths.main}?${ACCOUNT_DELETED_PARAM}=1`);
        },
        onError: (err) => {
          const field = fieldOf(err);
          if (field) form.setFieldError(field, errorText(err));
        },
      },
    );

  const whatIsDeleted = (
    <List size="sm" spacing={2}>
      {DELETED.map((item) => (
        <List.Item key={item}>{t(`delete.items.${item}`)}</List.Item>
      ))}
    </List>
  );

  return (
    <Alert color="red" variant="outline" title={t("delete.title")}>
      <Stack gap="sm">
        <Text size="sm">{t("delete.intro")}</Text>
        {whatIsDeleted}
        <Text size="sm">{t("delete.subscription")}</Text>
        <Text size="sm">{t("delete.exportFirst")}</Text>
        <Group>
          <Button color="red.9" onClick={modal.open}>
            {t("delete.open")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={t("delete.confirmTitle")}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t("delete.confirmBody")}</Text>
            <PasswordInput
              label={t("form.password")}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps("password")}
            />
            {totpEnabled && (
              <TextInput
                label={t("form.code")}
                description={t("twoFactor.codeOrRecovery")}
                autoComplete="one-time-code"
                maxLength={20}
                required
                {...form.getInputProps("code")}
              />
            )}
            <Checkbox label={t("delete.understand")} {...form.getInputProps("understood", { type: "checkbox" })} />
            {remove.error && !fieldOf(remove.error) && (
              <Text c="red" size="sm" role="alert">
                {errorText(remove.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("form.cancel")}
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending || remove.isSuccess}>
                {t("delete.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
