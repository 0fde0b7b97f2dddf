import { paths } from "@latent/domain/app-paths";
import { Anchor, Divider, Loader, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { useAccountSecurity } from "../api/get-account-security.ts";
import { AccountSection } from "../components/account-section.tsx";
import { DeleteAccountCard } from "../components/delete-account-card.tsx";
import { ExportCard } from "../components/export-card.tsx";

/**
 * The profile's "Your data": the archive of everything, and deleting the account. Both are the embedded identity
 * provider's (deletion asks for its password); with an external provider the server refuses them
 * (`identity-external`), so support does it instead.
 */
export function YourDataSection() {
  const { t } = useTranslation("account");
  const errorText = useApiErrorText();
  const security = useAccountSecurity();
  return (
    <AccountSection title={t("data.title")} testId="your-data-section">
      {security.isPending ? (
        <Loader size="sm" role="status" aria-label={t("security.loading")} />
      ) : security.error ? (
        <Text size="sm" c="red" role="alert">
          {errorText(security.error)}
        </Text>
      ) : security.data.provider === "external" ? (
        <Text size="sm">
          {t("data.external")}{" "}
          <Anchor component={Link} to={paths.contact}>
            {t("data.contact")}
          </Anchor>
        </Text>
      ) : (
        <>
          <ExportCard />
          <Divider />
          <DeleteAccountCard totpEnabled={security.data.totp_enabled} />
        </>
      )}
    </AccountSection>
  );
}
