import { paths } from "@latent/domain/app-paths";
import { MAX_ROLLS_PER_ORDER, type Order } from "@latent/domain/orders";
import { Alert, Anchor, Button, Divider, Drawer, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import { processName } from "../../films/public/process-name.ts";
import { OwnerAnswersPanel } from "../../guest-answers/public/owner-answers-panel.tsx";
import { LabRollLife } from "../../roll-life/public/lab-roll-life.tsx";
import { useDeleteOrder } from "../api/delete-order.ts";
import { useOrder } from "../api/get-order.ts";
import { useUpdateOrder } from "../api/update-order.ts";
import { AddRollForm } from "./add-roll-form.tsx";
import { CollectedNote } from "./collected-note.tsx";
import { OrderDelivery } from "./order-delivery.tsx";
import { OrderFields, type OrderValues, orderBody, useOrderForm } from "./order-fields.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface OrderDrawerProps {
  /** The open order's id (the screen's `?order=`), or null when none is open. */
  orderId: string | null;
  onClose: () => void;
}

/** One order: its customer (edit), its rolls (add, upload scans), the link or email to the customer, and delete. */
export function OrderDrawer({ orderId, onClose }: OrderDrawerProps) {
  const { t } = useTranslation("orders");
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t("detail.title")}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      {orderId && <OrderDetail orderId={orderId} onClose={onClose} />}
    </Drawer>
  );
}

function OrderDetail({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation("orders");
  const order = useOrder(orderId);

  if (order.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t("detail.loading")}>
        <Skeleton height={36} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (order.isError) {
    return <LoadFailedAlert title={t("detail.loadFailed")} error={order.error} onRetry={() => order.refetch()} />;
  }
  // Keyed by order: another order gets a fresh form.
  return <OrderContent key={order.data.id} order={order.data} onDeleted={onClose} />;
}

function OrderContent({ order, onDeleted }: { order: Order; onDeleted: () => void }) {
  // The films texts name each roll's process the reader's way.
  const { t } = useTranslation(["orders", "films"]);
  const errorText = useApiErrorText();
  const update = useUpdateOrder(order.id);
  const remove = useDeleteOrder();
  const form = useOrderForm({
    reference: order.reference,
    user_name: order.user_name,
    user_email: order.user_email ?? "",
    user_phone: order.user_phone,
  });

  const save = (values: OrderValues) =>
    update.mutate(orderBody(values), {
      onSuccess: (saved) => {
        form.resetDirty();
        notifications.show({ color: "green", message: t("detail.saved", { reference: saved.reference }) });
      },
      onError: (err) => notifications.show({ color: "red", title: t("detail.saveFailed"), message: errorText(err) }),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t("delete.title", { reference: order.reference }),
      children: <Text size="sm">{t("delete.text", { count: order.films.length })}</Text>,
      labels: { confirm: t("delete.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () =>
        remove.mutate(order.id, {
          onSuccess: () => {
            notifications.show({ color: "green", message: t("delete.done", { reference: order.reference }) });
            onDeleted();
          },
          onError: (err) => notifications.show({ color: "red", title: t("delete.failed"), message: errorText(err) }),
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {order.reference}
        </Title>
        <StatusBadge status={order.status} />
      </Group>

      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="sm">
          {/* A hot folder's order (or one typed without it): the lab adds the email here, then can send it. */}
          {order.user_email === null && (
            <Alert color="orange" role="status">
              {t("waitingCustomer")}
            </Alert>
          )}
          <OrderFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={update.isPending} disabled={!form.isDirty()}>
              {t("detail.save")}
            </Button>
          </Group>
        </Stack>
      </form>

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="order-rolls-heading">
        <Title order={3} size="h4" id="order-rolls-heading">
          {t("rolls.title", { count: order.films.length, max: MAX_ROLLS_PER_ORDER })}
        </Title>
        {order.collected ? (
          <Alert color="teal" role="status">
            <Stack gap={4}>
              <CollectedNote collected={order.collected} />
              <Text size="sm">{t("collected.text")}</Text>
            </Stack>
          </Alert>
        ) : order.films.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("rolls.empty")}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("rolls.columns.roll")}</Table.Th>
                <Table.Th>{t("rolls.columns.life")}</Table.Th>
                <Table.Th>{t("rolls.columns.scans")}</Table.Th>
                <Table.Th>{t("rolls.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.films.map((roll) => (
                <Table.Tr key={roll.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {roll.name || `${roll.brand} ${roll.model}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`${roll.brand} ${roll.model} · ISO ${roll.iso} · ${roll.format} · ${processName(roll.process, t)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <LabRollLife filmId={roll.id} rollName={roll.name || `${roll.brand} ${roll.model}`} />
                  </Table.Td>
                  <Table.Td>{t("rolls.scans", { count: roll.shot_count })}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.user.film.to(roll.id)} size="sm">
                      {t("rolls.upload")}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {order.collected ? null : order.films.length < MAX_ROLLS_PER_ORDER ? (
          <AddRollForm orderId={order.id} />
        ) : (
          <Text size="sm" c="dimmed">
            {t("rolls.full", { max: MAX_ROLLS_PER_ORDER })}
          </Text>
        )}
      </Stack>

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="order-delivery-heading">
        <Title order={3} size="h4" id="order-delivery-heading">
          {t("share.title")}
        </Title>
        <OrderDelivery order={order} />
      </Stack>

      {order.link && (
        <>
          <Divider />
          <OwnerAnswersPanel scope={{ kind: "order", id: order.id }} name={order.reference} headingOrder={3} />
        </>
      )}

      <Divider />
      <Group justify="flex-end">
        <Button color="red" variant="light" loading={remove.isPending} onClick={confirmDelete}>
          {t("delete.button")}
        </Button>
      </Group>
    </Stack>
  );
}
