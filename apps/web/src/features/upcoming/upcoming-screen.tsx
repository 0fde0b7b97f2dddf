import { paths } from "@latent/domain/app-paths";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NotAvailableYet } from "../../shared/ui/not-available-yet.tsx";

/** User-area features a later release builds; each has its own title and a line on what it will do. */
export type UpcomingFeature = "orders" | "labGeneral" | "labIntegrations" | "labs";

export function UpcomingScreen({ feature }: { feature: UpcomingFeature }) {
  const { t } = useTranslation();
  return (
    <NotAvailableYet title={t(`upcoming.${feature}.title`)} description={t(`upcoming.${feature}.description`)}>
      <div>
        <Button component={Link} to={paths.user.home} variant="light">
          {t("upcoming.back")}
        </Button>
      </div>
    </NotAvailableYet>
  );
}
