import { LOCALE_NAMES, LOCALES, type Locale } from "@latent/domain/locales";
import { Button, Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "./use-locale.ts";

interface LanguageSwitcherProps {
  /** Called after the texts switched, e.g. to save the choice to the signed-in user's profile. */
  onChanged?: (locale: Locale) => void;
}

/** Header menu listing the five languages, each named in its own language. */
export function LanguageSwitcher({ onChanged }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" aria-label={t("language.label", { language: LOCALE_NAMES[locale] })}>
          {LOCALE_NAMES[locale]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("language.title")}</Menu.Label>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            fw={l === locale ? 700 : undefined}
            onClick={async () => {
              await setLocale(l);
              onChanged?.(l);
            }}
          >
            {LOCALE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
