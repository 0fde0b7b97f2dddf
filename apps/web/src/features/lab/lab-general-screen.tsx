import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useMyLab } from "./api/get-my-lab.ts";
import { EmailTemplateEditor } from "./components/email-template-editor.tsx";
import { LabProfileForm } from "./components/lab-profile-form.tsx";
import { OrderCounts } from "./components/order-counts.tsx";

/** The lab's profile, its orders at a glance and the email its customers receive. */
export function LabGeneralScreen() {
  const { t } = useTranslation("lab");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  // A lab's id is its account's user id.
  const lab = useMyLab(user.user_id);

  if (lab.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={80} />
        <Skeleton height={320} />
      </Stack>
    );
  }
  if (lab.isError) {
    return (
      <Alert color="red" title={t("loadFailed")} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(lab.error)}</Text>
          <Button size="xs" variant="light" onClick={() => lab.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xl">
      <OrderCounts counts={lab.data.orders} />
      <LabProfileForm lab={lab.data} accountEmail={user.email} />
      <EmailTemplateEditor labName={lab.data.name} />
    </Stack>
  );
}
