import { Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useMyLab } from "./api/get-my-lab.ts";
import { EmailTemplateEditor } from "./components/email-template-editor.tsx";
import { LabProfileForm } from "./components/lab-profile-form.tsx";
import { OrderCounts } from "./components/order-counts.tsx";

/** The lab's profile, its orders at a glance and the email its customers receive. */
export function LabGeneralScreen() {
  const { t } = useTranslation("lab");
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
    return <LoadFailedAlert title={t("loadFailed")} error={lab.error} onRetry={() => lab.refetch()} />;
  }
  return (
    <Stack gap="xl">
      <OrderCounts counts={lab.data.orders} />
      <LabProfileForm lab={lab.data} accountEmail={user.email} />
      <EmailTemplateEditor labName={lab.data.name} />
    </Stack>
  );
}
