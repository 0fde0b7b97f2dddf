import type { LinkSettings, ShareSettings } from "@latent/domain/films";
import { Alert, Button, Group, Popover, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useCurrentUser } from "../../user/api/get-user.ts";
import { editValues, isPaidPlan, type LinkSettingsValues, settingsBody, settingsProblem } from "./link-settings.ts";
import { LinkSettingsFields } from "./link-settings-fields.tsx";

interface EditLinkButtonProps {
  link: Pick<LinkSettings, "has_password" | "downloads" | "guest_answers">;
  /** The button's accessible name, naming the link ("Change the link created on 3 May"). */
  label?: string;
  save: (settings: ShareSettings) => Promise<unknown>;
}

/** "Change settings" of one link: its password, downloads, guests' answers and end, without changing its code. */
export function EditLinkButton({ link, label, save }: EditLinkButtonProps) {
  const { t } = useTranslation("guestAnswers");
  const errorText = useApiErrorText();
  const paidPlan = isPaidPlan(useCurrentUser().plan);
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<LinkSettingsValues>(() => editValues(link));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const problem = settingsProblem(values, { paidPlan, now: new Date() });

  const open = () => {
    setValues(editValues(link));
    setTried(false);
    setFailure(null);
    setOpened(true);
  };
  const submit = async () => {
    setTried(true);
    if (problem) return;
    setSaving(true);
    setFailure(null);
    try {
      await save(settingsBody(values));
      setOpened(false);
      notifications.show({ closeButtonProps: { "aria-label": t("errors:dismiss") }, color: "green", message: t("link.saved") });
    } catch (err) {
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus returnFocus shadow="md" width={380}>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => (opened ? setOpened(false) : open())} aria-label={label}>
          {t("link.edit")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <LinkSettingsFields
            values={values}
            onChange={setValues}
            paidPlan={paidPlan}
            editing={{ hasPassword: link.has_password, keepsEnd: true }}
            problem={tried ? problem : null}
          />
          {failure !== null && (
            <Alert color="red" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button size="xs" loading={saving} onClick={() => void submit()}>
              {t("link.save")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
