import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_TEMPLATE, type OrderImportResult } from "@latent/domain/order-import";
import { Alert, Badge, Button, Code, Group, List, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { FileDropzone } from "../../../shared/ui/file-dropzone.tsx";
import { useCommitImport, usePreviewImport } from "./api/import-orders.ts";

const CSV_ACCEPT = { "text/csv": [".csv"], "text/plain": [".csv", ".txt"], "application/vnd.ms-excel": [".csv"] };

/** Saves the template CSV (the headers the server reads, two example rows). */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([ORDER_IMPORT_TEMPLATE], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "latent-orders.csv";
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * "Import CSV": a spreadsheet's orders read by the server and shown row by row with what is wrong with each; nothing is
 * created until "Import N orders", which creates the valid rows' orders and says what was skipped.
 */
export function OrderImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("orderImport");
  const errorText = useApiErrorText();
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const reset = () => {
    preview.reset();
    commit.reset();
    setFile(null);
    setTooLarge(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    reset();
    setTooLarge(chosen.size > ORDER_IMPORT_MAX_BYTES);
    if (chosen.size > ORDER_IMPORT_MAX_BYTES) return;
    setFile(chosen);
    preview.mutate(chosen);
  };

  const result: OrderImportResult | undefined = commit.data ?? preview.data;
  const fieldName = (field: string) => t(`fields.${field}`);

  return (
    <Modal opened={opened} onClose={close} title={t("title")} closeButtonProps={{ "aria-label": t("close") }} size="xl">
      <Stack gap="sm">
        {!result && (
          <>
            <Text size="sm">{t("intro")}</Text>
            <Text size="sm" c="dimmed">
              {t("format")}
            </Text>
            <Code block>{ORDER_IMPORT_TEMPLATE.split("\r\n")[0]}</Code>
            <Group>
              <Button variant="subtle" size="xs" onClick={downloadTemplate}>
                {t("template")}
              </Button>
            </Group>
            <FileDropzone
              onFile={choose}
              onReject={() => setTooLarge(true)}
              accept={CSV_ACCEPT}
              maxSize={ORDER_IMPORT_MAX_BYTES}
              loading={preview.isPending}
              dropLabel={t("drop")}
              chooseLabel={t("choose")}
            />
          </>
        )}
        {preview.isPending && (
          <Text size="sm" role="status">
            {t("reading")}
          </Text>
        )}
        {tooLarge && (
          <Alert color="red" role="alert">
            {t("tooLarge")}
          </Alert>
        )}
        {(preview.isError || commit.isError) && (
          <Alert color="red" role="alert">
            {errorText(preview.error ?? commit.error)}
          </Alert>
        )}
        {result && file && (
          <>
            {commit.data ? (
              <Alert color="green" role="status" title={t("done.title", { count: commit.data.counts.created })}>
                {t("done.text", { count: commit.data.counts.skipped })}
              </Alert>
            ) : (
              <Text size="sm" role="status">
                {t("summary", { file: file.name, count: result.counts.rows, valid: result.counts.valid, skipped: result.counts.skipped })}
              </Text>
            )}
            {!commit.data && result.counts.valid === 0 && (
              <Alert color="yellow" role="alert">
                {t("noneValid")}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={640} maxHeight={420}>
              <Table striped>
                <Table.Caption>{t("caption")}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("columns.line")}</Table.Th>
                    <Table.Th>{t("columns.reference")}</Table.Th>
                    <Table.Th>{t("columns.customer")}</Table.Th>
                    <Table.Th>{t("columns.phone")}</Table.Th>
                    <Table.Th>{t("columns.rolls")}</Table.Th>
                    <Table.Th>{t("columns.state")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((row) => (
                    <Table.Tr key={row.line} bg={row.errors.length > 0 ? "var(--mantine-color-red-light)" : undefined}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.reference}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.user_name}</Text>
                        <Text size="xs" c="dimmed">
                          {row.user_email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.user_phone}</Table.Td>
                      <Table.Td>{row.rolls ?? ""}</Table.Td>
                      <Table.Td>
                        {row.errors.length === 0 ? (
                          <Badge color="green" variant="light">
                            {row.order_id ? t("state.imported") : t("state.ready")}
                          </Badge>
                        ) : (
                          <List size="sm" c="red.8">
                            {row.errors.map((error) => (
                              <List.Item key={`${error.field}-${error.code}`}>
                                {t(`rowErrors.${error.code}`, { field: fieldName(error.field) })}
                              </List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              {commit.data ? (
                <Button onClick={close}>{t("close")}</Button>
              ) : (
                <>
                  <Button variant="default" onClick={reset} disabled={commit.isPending}>
                    {t("another")}
                  </Button>
                  <Button onClick={() => commit.mutate(file)} loading={commit.isPending} disabled={result.counts.valid === 0}>
                    {t("commit", { count: result.counts.valid })}
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
