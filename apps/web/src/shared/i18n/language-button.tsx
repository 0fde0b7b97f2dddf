import { LOCALE_NAMES } from "@latent/domain/locales";
import { Button } from "@mantine/core";
import type { ComponentPropsWithRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "./use-locale.ts";

/** The header's language button, naming the current language in itself; the menu's target once the menu is loaded. */
export function LanguageButton(props: Omit<ComponentPropsWithRef<"button">, "color">) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Button variant="subtle" color="gray" aria-label={t("language.label", { language: LOCALE_NAMES[locale] })} {...props}>
      {LOCALE_NAMES[locale]}
    </Button>
  );
}
