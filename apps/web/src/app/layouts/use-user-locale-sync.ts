import type { User } from "@latent/domain/user";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateUser } from "../../features/user/api/update-user.ts";
import { changeLocale, currentLocale, hasStoredLocale } from "../../shared/i18n/i18n.ts";

/**
 * Keeps the profile's locale and this browser's choice in step, once per visit: a browser without a choice
 * adopts the profile's; a choice made here (e.g. on the landing page before signing in) is saved to the profile.
 */
export function useUserLocaleSync(user: User) {
  const { i18n } = useTranslation();
  const { mutate } = useUpdateUser();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const here = currentLocale(i18n);
    if (user.locale && !hasStoredLocale()) {
      if (user.locale !== here) void changeLocale(i18n, user.locale);
    } else if (user.locale !== here) {
      mutate({ locale: here });
    }
  }, [i18n, mutate, user.locale]);
}
