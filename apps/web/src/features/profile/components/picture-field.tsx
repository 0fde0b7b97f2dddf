import { Avatar, Button, FileButton, Group, Input, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkPicture, PICTURE_TYPES } from "../check-picture.ts";

interface PictureFieldProps {
  /** The stored picture's link, or null. */
  current: string | null;
  name: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** A translated problem with the picture (also set when the server refuses it). */
  error: string | null;
  onError: (error: string | null) => void;
}

/** Picks a profile picture, checks it against the limits in the browser and previews it before saving. */
export function PictureField({ current, name, value, onChange, error, onError }: PictureFieldProps) {
  const { t } = useTranslation("profile");
  const { t: tErrors } = useTranslation("errors");
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = await checkPicture(file);
    if (problem) {
      onChange(null);
      onError(tErrors(`api.${problem}`));
      return;
    }
    onError(null);
    onChange(file);
  };

  return (
    <Input.Wrapper label={t("fields.picture")} description={t("picture.hint")} error={error} id="profile-picture">
      <Group mt="xs" align="center">
        <Avatar src={preview ?? current} alt={t("picture.alt")} size={80} radius="xl" color="latent" name={name} />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={PICTURE_TYPES.join(",")}>
              {(props) => (
                <Button variant="default" {...props} aria-describedby={error ? "profile-picture-error" : undefined}>
                  {t(current || value ? "picture.change" : "picture.choose")}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
                {t("picture.undo")}
              </Button>
            )}
          </Group>
          {value && (
            <Text size="xs" c="dimmed">
              {t("picture.pending", { name: value.name })}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
