import { Avatar, Button, FileButton, Group, Input, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { preparePicture } from "../public/resize-picture.ts";

interface PictureFieldProps {
  /** The stored picture's link, or null. */
  current: string | null;
  name: string;
  /** A new picture to save with the profile, already fitted to the limits. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** True once the user asked to remove the stored picture; it goes when the profile is saved. */
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  /** A translated problem with the picture (also set when the server refuses it). */
  error: string | null;
  onError: (error: string | null) => void;
}

/**
 * Picks a profile picture, makes it fit the limits in the browser (any phone photo will do) and previews it; or
 * marks the stored one for removal. Both happen when the profile is saved.
 */
export function PictureField({ current, name, value, onChange, removing, onRemovingChange, error, onError }: PictureFieldProps) {
  const { t } = useTranslation("profile");
  const { t: tErrors } = useTranslation("errors");
  const [preview, setPreview] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [resized, setResized] = useState(false);

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
    setResized(prepared.resized);
    onRemovingChange(false);
    onChange(prepared.file);
  };

  const shown = preview ?? (removing ? null : current);

  return (
    <Input.Wrapper label={t("fields.picture")} description={t("picture.hint")} error={error} id="profile-picture">
      <Group mt="xs" align="center">
        <Avatar src={shown} alt={t("picture.alt")} size={80} radius="xl" color="latent" name={name} />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/*">
              {(props) => (
                <Button variant="default" loading={preparing} {...props} aria-describedby={error ? "profile-picture-error" : undefined}>
                  {t(shown ? "picture.change" : "picture.choose")}
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
                {t("picture.undo")}
              </Button>
            )}
            {current && !value && !removing && (
              <Button variant="subtle" color="red" onClick={() => onRemovingChange(true)}>
                {t("picture.remove")}
              </Button>
            )}
          </Group>
          <div aria-live="polite">
            {preparing && (
              <Text size="xs" c="dimmed">
                {t("picture.preparing")}
              </Text>
            )}
            {value && !preparing && (
              <Text size="xs" c="dimmed">
                {t("picture.pending", { name: value.name })}
                {resized && ` ${t("picture.resized")}`}
              </Text>
            )}
            {removing && (
              <Text size="xs" c="dimmed">
                {t("picture.removing")}
              </Text>
            )}
          </div>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
