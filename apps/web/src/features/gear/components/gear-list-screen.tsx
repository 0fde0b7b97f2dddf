import { hasRoomFor } from "@latent/domain/plans";
import { Button, EmptyState, Group, Modal, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { type ComponentType, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import { PlanLimitedButton } from "../../../shared/ui/plan-limited-button.tsx";
import { useCurrentUser } from "../../user/api/get-user.ts";
import { useDeleteGear } from "../api/delete-gear.ts";
import type { GearKind, GearOf } from "../api/gear-kind.ts";
import { useGearList } from "../api/list-gear.ts";

export interface GearColumn<K extends GearKind> {
  header: string;
  cell: (item: GearOf[K]) => ReactNode;
}

interface GearListScreenProps<K extends GearKind> {
  kind: K;
  columns: GearColumn<K>[];
  /** The new/edit form; `item` is absent when adding. */
  Form: ComponentType<{ item?: GearOf[K]; onDone: () => void }>;
}

/** List, add, edit and delete for one kind of gear; texts come from `gear:<kind>.*`. */
export function GearListScreen<K extends GearKind>({ kind, columns, Form }: GearListScreenProps<K>) {
  const { t } = useTranslation("gear");
  // Texts are keyed by kind (`gear:cameras.*`, `gear:lenses.*`); a plain string prefix keeps i18next's key types simple.
  const texts: string = kind;
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const list = useGearList(kind);
  const remove = useDeleteGear(kind);
  // undefined: no form open; null: adding; an item: editing it.
  const [editing, setEditing] = useState<GearOf[K] | null | undefined>(undefined);
  const close = () => setEditing(undefined);

  const confirmDelete = (item: GearOf[K]) =>
    modals.openConfirmModal({
      title: t(`${texts}.delete.title`, { name: item.name }),
      children: <Text size="sm">{t(`${texts}.delete.text`, { name: item.name })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifications.show({ color: "green", message: t("saved.deleted", { name: item.name }) }),
          onError: (err) => notifications.show({ color: "red", title: t(`${texts}.delete.failed`), message: errorText(err) }),
        }),
    });

  // Cameras and lenses count together against the plan; at the limit "Add" says so before any form is filled.
  const limit = user.max_gears_capacity;
  const addButton = (justify?: "center") => (
    <PlanLimitedButton
      full={!hasRoomFor(user.usage.gear, limit)}
      reason={t("limit.reached", { count: limit ?? 0 })}
      upgrade={t("limit.upgrade")}
      onClick={() => setEditing(null)}
      justify={justify}
    >
      {t(`${texts}.add`)}
    </PlanLimitedButton>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t("common:loading")}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (list.isError) {
    body = <LoadFailedAlert title={t(`${texts}.loadFailed`)} error={list.error} onRetry={() => list.refetch()} />;
  } else if (list.data.length === 0) {
    body = (
      <EmptyState title={t(`${texts}.empty.title`)} description={t(`${texts}.empty.text`)} py="xl">
        <EmptyState.Actions>{addButton("center")}</EmptyState.Actions>
      </EmptyState>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("columns.name")}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.header}>{column.header}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t("columns.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td fw={600}>{item.name}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(item)}
                      aria-label={t("actions.editNamed", { name: item.name })}
                    >
                      {t("common:actions.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => confirmDelete(item)}
                      aria-label={t("actions.deleteNamed", { name: item.name })}
                    >
                      {t("common:actions.delete")}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t(`${texts}.title`)}
        </Title>
        {list.isSuccess && list.data.length > 0 && addButton()}
      </Group>
      {body}
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? t(`${texts}.editTitle`, { name: editing.name }) : t(`${texts}.newTitle`)}
        size="lg"
        closeButtonProps={{ "aria-label": t("common:actions.close") }}
      >
        {editing !== undefined && <Form item={editing ?? undefined} onDone={close} />}
      </Modal>
    </Stack>
  );
}
