import { Avatar, Button, FileButton, Group, Input, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { preparePicture } from "../../profile/public/resize-picture.ts";

interface LogoFieldProps {
  /** The stored logo's link, or null. */
  current: string | null;
  name: string;
  /** A new logo to save with the lab, already fitted to the limits. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** True once the lab asked to remove the stored logo; it goes when the lab is saved. */
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  error: string | null;
  onError: (error: string | null) => void;
}

/**
 * Picks a logo and fits it in the browser to the profile picture's limits (512 KB, 1024 px), which the server also
 * applies to logos; previews it, or marks the stored one for removal. Both happen when the lab is saved.
 */
export function LogoField({ current, name, value, onChange, removing, onRemovingChange, error, onError }: LogoFieldProps) {
  const { t } = useTranslation("lab");
  const { t: tErrors } = useTranslation("errors");
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (file: File | null) => {
    if (!file) return;
    setPreparing(true);
    const prepared = await preparePicture(file).finally(() => setPreparing(false));
    if ("problem" in prepared) {
      onChange(null);
      onError(tErrors(`api.${prepared.problem}`));
      return;
    }
    onError(null);
    onRemovingChange(false);
    onChange(prepared.file);
  };

  const shown = preview ?? (removing ? null : current);

  return (
    <Input.Wrapper label={t("profile.logo")} description={t("profile.logoHint")} error={error} id="lab-logo">
      <Group mt="xs" align="center">
        <Avatar src={shown} alt={t("profile.logoAlt")} size={80} radius="md" color="latent" name={name} />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/*">
              {(props) => (
                <Button variant="default" loading={preparing} {...props}>
                  {t(shown ? "profile.logoChange" : "profile.logoChoose")}
                </Button>
              )}
            </FileButton>
            {(value || removing) && (
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  onChange(null);
                  onRemovingChange(false);
                }}
              >
                {t("profile.logoUndo")}
              </Button>
            )}
            {current && !value && !removing && (
              <Button variant="subtle" color="red" onClick={() => onRemovingChange(true)}>
                {t("profile.logoRemove")}
              </Button>
            )}
          </Group>
          <div aria-live="polite">
            {preparing && (
              <Text size="xs" c="dimmed">
                {t("profile.logoPreparing")}
              </Text>
            )}
            {value && !preparing && (
              <Text size="xs" c="dimmed">
                {t("profile.logoPending", { name: value.name })}
              </Text>
            )}
            {removing && (
              <Text size="xs" c="dimmed">
                {t("profile.logoRemoving")}
              </Text>
            )}
          </div>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
