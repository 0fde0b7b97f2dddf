import { useTranslation } from "react-i18next";
import { NotAvailableYet } from "../../shared/ui/not-available-yet.tsx";

export type PublicLinkKind = "film" | "order" | "purchase" | "sticker";

/** Shared rolls and orders, stickers and public purchases: opened from links, built by later releases. */
export function PublicLinkScreen({ kind }: { kind: PublicLinkKind }) {
  const { t } = useTranslation("landing");
  return <NotAvailableYet title={t(`publicLinks.${kind}.title`)} description={t(`publicLinks.${kind}.description`)} />;
}
