import type { Locale } from "@latent/domain/locales";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { changeLocale, currentLocale } from "./i18n.ts";

/** The current locale and a setter that switches every text and remembers the choice in this browser. */
export function useLocale() {
  const { i18n } = useTranslation();
  const setLocale = useCallback((locale: Locale) => changeLocale(i18n, locale), [i18n]);
  return { locale: currentLocale(i18n), setLocale };
}
