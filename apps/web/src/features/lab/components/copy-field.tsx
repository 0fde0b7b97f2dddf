import { Button, CopyButton, Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A read-only value with a copy button (a secret, a webhook address). */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const { t } = useTranslation("lab");
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        ff="monospace"
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button color={copied ? "teal" : undefined} onClick={copy} aria-label={t("copyNamed", { name: label })}>
            <span aria-live="polite">{copied ? t("copied") : t("copy")}</span>
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
