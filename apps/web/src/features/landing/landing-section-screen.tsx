import { useTranslation } from "react-i18next";
import { NotAvailableYet } from "../../shared/ui/not-available-yet.tsx";

export type LandingSection = "about" | "pricing" | "tokens" | "contact";

/** About, pricing, token guide and contact: their content comes with a later release. */
export function LandingSectionScreen({ section }: { section: LandingSection }) {
  const { t } = useTranslation("landing");
  return <NotAvailableYet title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />;
}
