import { Avatar, Button, FileButton, Group, Input, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { preparePicture } from "./resize-picture.ts";

/** What the field says, translated by its screen: a person's picture and a lab's logo are named differently. */
export interface PictureTexts {
  label: string;
  hint: string;
  alt: string;
  choose: string;
  change: string;
  undo: string;
  remove: string;
  preparing: string;
  pending: (fileName: string) => string;
  /** Said after `pending` when the picked file was made smaller to fit. */
  resized?: string;
  removing: string;
}

interface PictureFieldProps {
  /** The field's id (its error is `<id>-error`). */
  id: string;
  texts: PictureTexts;
  /** A person's picture is round, a lab's logo square with rounded corners. */
  shape: "round" | "square";
  /** The stored picture's link, or null. */
  current: string | null;
  /** Whose picture: the initials shown when there is none. */
  name: string;
  /** A new picture to save with the form, already fitted to the limits. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** True once the user asked to remove the stored picture; it goes when the form is saved. */
  removing: boolean;
  onRemovingChange: (removing: boolean) => void;
  /** A translated problem with the picture (also set when the server refuses it). */
  error: string | null;
  onError: (error: string | null) => void;
}

/**
 * Picks a picture (a profile picture, a lab's logo), makes it fit the limits in the browser (512 KB, 1024 px; any
 * phone photo will do; the server applies the same limits) and previews it; or marks the stored one for removal.
 * Both happen when the form is saved.
 */
export function PictureField({
  id,
  texts,
  shape,
  current,
  name,
  value,
  onChange,
  removing,
  onRemovingChange,
  error,
  onError,
}: PictureFieldProps) {
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
    <Input.Wrapper label={texts.label} description={texts.hint} error={error} id={id}>
      <Group mt="xs" align="center">
        <Avatar src={shown} alt={texts.alt} size={80} radius={shape === "round" ? "xl" : "md"} color="latent" name={name} />
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/*">
              {(props) => (
                <Button variant="default" loading={preparing} {...props} aria-describedby={error ? `${id}-error` : undefined}>
                  {shown ? texts.change : texts.choose}
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
                {texts.undo}
              </Button>
            )}
            {current && !value && !removing && (
              <Button variant="subtle" color="red" onClick={() => onRemovingChange(true)}>
                {texts.remove}
              </Button>
            )}
          </Group>
          <div aria-live="polite">
            {preparing && (
              <Text size="xs" c="dimmed">
                {texts.preparing}
              </Text>
            )}
            {value && !preparing && (
              <Text size="xs" c="dimmed">
                {texts.pending(value.name)}
                {resized && texts.resized && ` ${texts.resized}`}
              </Text>
            )}
            {removing && (
              <Text size="xs" c="dimmed">
                {texts.removing}
              </Text>
            )}
          </div>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
