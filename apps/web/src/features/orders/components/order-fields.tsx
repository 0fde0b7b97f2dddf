import { NewOrderSchema } from "@latent/domain/orders";
import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../../../shared/forms/zod-field-errors.ts";

export interface OrderValues {
  reference: string;
  user_name: string;
  user_email: string;
  user_phone: string;
}

export const EMPTY_ORDER: OrderValues = { reference: "", user_name: "", user_email: "", user_phone: "" };

/** An order's form, checked by the API's own schema. */
export function useOrderForm(initialValues: OrderValues) {
  const { t: tErrors } = useTranslation("errors");
  return useForm<OrderValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => fieldErrorsOf(NewOrderSchema, values, tErrors),
  });
}

/** The reference and the customer as the lab knows them. */
export function OrderFields({ form, autoFocus = false }: { form: UseFormReturnType<OrderValues>; autoFocus?: boolean }) {
  const { t } = useTranslation("orders");
  return (
    <Stack gap="sm">
      <TextInput label={t("fields.reference")} withAsterisk data-autofocus={autoFocus || undefined} {...form.getInputProps("reference")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("fields.customerName")} withAsterisk autoComplete="off" {...form.getInputProps("user_name")} />
        <TextInput label={t("fields.customerEmail")} withAsterisk type="email" autoComplete="off" {...form.getInputProps("user_email")} />
      </SimpleGrid>
      <TextInput label={t("fields.phone")} type="tel" autoComplete="off" {...form.getInputProps("user_phone")} />
    </Stack>
  );
}
