import { LOCALE_NAMES, LOCALES, type Locale } from "@latent/domain/locales";
import { Menu } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LanguageButton } from "./language-button.tsx";
import { useLocale } from "./use-locale.ts";

export interface LanguageMenuProps {
  /** Called after the texts switched, e.g. to save the choice to the signed-in user's profile. */
  onChanged?: (locale: Locale) => void;
  defaultOpened?: boolean;
}

/** The five languages, each named in its own language (loaded by language-switcher.tsx when first wanted). */
export function LanguageMenu({ onChanged, defaultOpened }: LanguageMenuProps) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton />
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
