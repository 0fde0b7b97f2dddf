import { Button, Checkbox, CopyButton, Group, List, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** Starts the download of the codes as a text file, one code a line. */
function downloadCodes(codes: string[], fileName: string) {
  const url = URL.createObjectURL(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser; the URL would otherwise live as long as the page.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The recovery codes, shown once (the server keeps only their hashes): copy, download, and an "I saved these codes"
 * that must be ticked before the window can be closed, so nobody leaves without them by accident.
 */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("account");
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{t("recovery.intro")}</Text>
      <Title order={3} size="h5" id={titleId}>
        {t("recovery.title")}
      </Title>
      <List aria-labelledby={titleId} listStyleType="none" ff="monospace" spacing={4} style={{ columns: 2 }}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join("\n")}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy}>
              {copied ? t("recovery.copied") : t("recovery.copy")}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" size="xs" onClick={() => downloadCodes(codes, t("recovery.fileName"))}>
          {t("recovery.download")}
        </Button>
      </Group>
      <Checkbox label={t("recovery.saved")} checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!saved}>
          {t("recovery.done")}
        </Button>
      </Group>
    </Stack>
  );
}
