import { NewOrderSchema } from "@latent/domain/orders";
import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";

export interface OrderValues {
  reference: string;
  user_name: string;
  user_email: string;
  user_phone: string;
}

export const EMPTY_ORDER: OrderValues = { reference: "", user_name: "", user_email: "", user_phone: "" };

/**
 * The body the form sends: an empty email is none (the order waits for its customer's), an empty name is left
 * unsaid (a new order's is empty, an edited one keeps its own).
 */
export const orderBody = (values: OrderValues): z.input<typeof NewOrderSchema> => ({
  reference: values.reference,
  ...(values.user_name.trim() ? { user_name: values.user_name } : {}),
  user_email: values.user_email.trim() ? values.user_email : null,
  user_phone: values.user_phone,
});

/** An order's form, checked by the API's own schema. */
export function useOrderForm(initialValues: OrderValues) {
  const { t: tErrors } = useTranslation("errors");
  return useForm<OrderValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => fieldErrorsOf(NewOrderSchema, orderBody(values), tErrors),
  });
}

/** The reference and the customer as the lab knows them. */
export function OrderFields({ form, autoFocus = false }: { form: UseFormReturnType<OrderValues>; autoFocus?: boolean }) {
  const { t } = useTranslation("orders");
  return (
    <Stack gap="sm">
      <TextInput label={t("fields.reference")} withAsterisk data-autofocus={autoFocus || undefined} {...form.getInputProps("reference")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("fields.customerName")} autoComplete="off" {...form.getInputProps("user_name")} />
        <TextInput
          label={t("fields.customerEmail")}
          description={t("fields.customerEmailHint")}
          type="email"
          autoComplete="off"
          {...form.getInputProps("user_email")}
        />
      </SimpleGrid>
      <TextInput label={t("fields.phone")} type="tel" autoComplete="off" {...form.getInputProps("user_phone")} />
    </Stack>
  );
}
