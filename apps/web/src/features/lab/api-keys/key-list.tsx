import type { LabKey } from "@latent/domain/lab-api-keys";
import { Badge, Button, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { scopeKey } from "./lab-api-keys-key.ts";
import { useRevokeLabApiKey } from "./revoke-lab-api-key.ts";

/** The lab's live keys: name, scopes, made, last used; each revoked after a confirmation. */
export function KeyList({ keys }: { keys: LabKey[] }) {
  const { t, i18n } = useTranslation("labApiKeys");
  const errorText = useApiErrorText();
  const revoke = useRevokeLabApiKey();
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const confirmRevoke = (key: LabKey) =>
    modals.openConfirmModal({
      title: t("revoke.title", { name: key.name }),
      children: <Text size="sm">{t("revoke.text")}</Text>,
      labels: { confirm: t("revoke.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => notifications.show({ color: "green", message: t("revoke.done", { name: key.name }) }),
          onError: (err) => notifications.show({ color: "red", title: t("revoke.failed"), message: errorText(err) }),
        }),
    });

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label={t("list.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("list.name")}</Table.Th>
            <Table.Th>{t("list.scopes")}</Table.Th>
            <Table.Th>{t("list.created")}</Table.Th>
            <Table.Th>{t("list.lastUsed")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {key.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  latk_{key.id}_…
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" size="sm">
                      {t(`scopes.${scopeKey(scope)}.label`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(key.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={key.last_used_at ? undefined : "dimmed"}>
                  {key.last_used_at ? when(key.last_used_at) : t("list.neverUsed")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={revoke.isPending && revoke.variables === key.id}
                  onClick={() => confirmRevoke(key)}
                  aria-label={t("revoke.named", { name: key.name })}
                >
                  {t("revoke.button")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
