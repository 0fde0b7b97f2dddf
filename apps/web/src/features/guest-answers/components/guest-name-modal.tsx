import { GUEST_NAME_MAX } from "@latent/domain/guest-answers";
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";

interface GuestNameModalProps {
  opened: boolean;
  onCancel: () => void;
  /** Sends the name; a refusal is shown in the dialog, which stays open. */
  save: (name: string) => Promise<void>;
}

/** Asked once per link, before a visitor's first favourite or comment: the name the owner sees beside them. */
export function GuestNameModal({ opened, onCancel, save }: GuestNameModalProps) {
  const { t } = useTranslation("guestAnswers");
  const errorText = useApiErrorText();
  const [name, setName] = useState("");
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [tried, setTried] = useState(false);
  const empty = name.trim() === "";

  const submit = async () => {
    setTried(true);
    if (empty) return;
    setSaving(true);
    setFailure(null);
    try {
      await save(name.trim());
    } catch (err) {
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t("guest.nameTitle")}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      // Above the lightbox, whose favourite or comment asked for the name.
      zIndex={400}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t("guest.nameText")}</Text>
          <TextInput
            label={t("guest.name")}
            value={name}
            maxLength={GUEST_NAME_MAX}
            autoComplete="name"
            data-autofocus
            required
            onChange={(event) => setName(event.currentTarget.value)}
            error={tried && empty ? t("guest.nameMissing") : undefined}
          />
          {failure !== null && (
            <Alert color="red" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("guest.nameSave")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
