/**
 * A phone user's "Open the full site" from the companion, remembered on that device (localStorage): from then on the
 * user area is no longer redirected to the companion or the store there, until they choose the companion again.
 */
export const FULL_SITE_KEY = "latent.full-site";

type ChoiceStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const browserStorage = (): ChoiceStorage | null => {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function prefersFullSite(storage: ChoiceStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(FULL_SITE_KEY) === "1";
  } catch {
    return false;
  }
}

export function chooseFullSite(on: boolean, storage: ChoiceStorage | null = browserStorage()): void {
  try {
    if (on) storage?.setItem(FULL_SITE_KEY, "1");
    else storage?.removeItem(FULL_SITE_KEY);
  } catch {
    // Storage disabled: the choice lasts for this visit only (the redirect will ask again next time).
  }
}
