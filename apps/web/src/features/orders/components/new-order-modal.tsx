import { Alert, Button, Divider, Group, Modal, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useCreateOrder } from "../api/create-order.ts";
import { ClientSearch } from "./client-search.tsx";
import { EMPTY_ORDER, OrderFields, type OrderValues, orderBody, useOrderForm } from "./order-fields.tsx";

interface NewOrderModalProps {
  opened: boolean;
  onClose: () => void;
  /** The new order's id: the screen opens it to add rolls. */
  onCreated: (id: string) => void;
}

export function NewOrderModal({ opened, onClose, onCreated }: NewOrderModalProps) {
  const { t } = useTranslation("orders");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const create = useCreateOrder();
  const form = useOrderForm(EMPTY_ORDER);

  const close = () => {
    onClose();
    form.reset();
    create.reset();
  };
  const submit = (values: OrderValues) =>
    create.mutate(orderBody(values), {
      onSuccess: (order) => {
        notifications.show({ color: "green", message: t("created", { reference: order.reference }) });
        close();
        onCreated(order.id);
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          form.setErrors(Object.fromEntries(Object.keys(err.fields).map((path) => [path, tErrors("validation.not-valid")])));
        }
      },
    });

  return (
    <Modal opened={opened} onClose={close} title={t("new.title")} size="lg" closeButtonProps={{ "aria-label": t("common:actions.close") }}>
      <Stack gap="md">
        <ClientSearch
          onPick={(client) => form.setValues({ user_name: client.name || form.getValues().user_name, user_email: client.email })}
        />
        <Divider />
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <OrderFields form={form} />
            {create.isError && (
              <Alert color="red" role="alert">
                {errorText(create.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("new.create")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
