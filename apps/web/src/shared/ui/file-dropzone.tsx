import { Button, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { useRef } from "react";

interface FileDropzoneProps {
  /** The one file dropped or chosen. */
  onFile: (file: File) => void;
  onReject?: (rejections: FileRejection[]) => void;
  accept?: string[] | Record<string, string[]>;
  maxSize?: number;
  loading: boolean;
  /** "Drop … here": the zone's name and its text. */
  dropLabel: string;
  /** The button that opens the file picker. */
  chooseLabel: string;
}

/**
 * One file, dropped or chosen with a real button: the zone itself takes no click or key, so the keyboard reaches the
 * picker through the button alone (one Tab stop, its name said once).
 */
export function FileDropzone({ onFile, onReject, accept, maxSize, loading, dropLabel, chooseLabel }: FileDropzoneProps) {
  const openPicker = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={(files) => {
        if (files[0]) onFile(files[0]);
      }}
      onReject={onReject}
      openRef={openPicker}
      accept={accept}
      maxSize={maxSize}
      activateOnClick={false}
      activateOnKeyboard={false}
      enablePointerEvents
      multiple={false}
      loading={loading}
      aria-label={dropLabel}
      p="lg"
    >
      <Stack align="center" gap="xs">
        <Text style={{ pointerEvents: "none" }}>{dropLabel}</Text>
        <Button variant="default" onClick={() => openPicker.current?.()}>
          {chooseLabel}
        </Button>
      </Stack>
    </Dropzone>
  );
}
