import type { Locale } from "@latent/domain/locales";
import { Suspense, useState } from "react";
import { lazyPart } from "../ui/lazy-part.ts";
import { LanguageButton } from "./language-button.tsx";

const loadMenu = () => import("./language-menu.tsx");
const LanguageMenu = lazyPart(async () => (await loadMenu()).LanguageMenu);
/** Fetches the menu ahead of the press; a failure is left to the press itself (lazyPart). */
const preloadMenu = () => void loadMenu().catch(() => undefined);

interface LanguageSwitcherProps {
  /** Called after the texts switched, e.g. to save the choice to the signed-in user's profile. */
  onChanged?: (locale: Locale) => void;
}

/**
 * Header menu listing the five languages. The menu (popover, positioning, focus handling) is not needed for the
 * first paint: it loads when the pointer or the keyboard reaches the button, and opens on the first press.
 */
export function LanguageSwitcher({ onChanged }: LanguageSwitcherProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu onChanged={onChanged} defaultOpened />
    </Suspense>
  );
}
