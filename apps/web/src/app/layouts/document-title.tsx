import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Params, type UIMatch, useMatches } from "react-router";
import type titles from "../../locales/en-US/titles.json";

/** A page's name in the `titles` texts; `site` is the site's own title (the landing page). */
export type PageTitleKey = keyof (typeof titles)["pages"] | "site";

/** What a route tells the document title, as its `handle`. */
export interface TitleHandle {
  title: PageTitleKey;
  /** For a page named by its data (a roll): a hook giving that name once known; until then the title is `title`'s. */
  useName?: (params: Params) => string | null | undefined;
}

const titleHandle = (match: UIMatch) => {
  const handle = match.handle as Partial<TitleHandle> | undefined;
  return handle?.title ? (handle as TitleHandle) : null;
};

function useTitleText(key: PageTitleKey, name?: string | null) {
  const { t } = useTranslation("titles");
  if (name) return t("page", { page: name });
  return key === "site" ? t("site") : t("page", { page: t(`pages.${key}`) });
}

function WriteTitle({ text }: { text: string }) {
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}

function FixedTitle({ titleKey }: { titleKey: PageTitleKey }) {
  return <WriteTitle text={useTitleText(titleKey)} />;
}

function NamedTitle({ handle, params }: { handle: Required<TitleHandle>; params: Params }) {
  const { useName } = handle;
  return <WriteTitle text={useTitleText(handle.title, useName(params))} />;
}

/**
 * The one place that sets `document.title`: "Barcelona walk — Latent", "Cameras — Latent", "Page not found — Latent",
 * in the user's language, from the `handle.title` of the deepest matched route (router.tsx). `override` names the
 * page itself (the failed-navigation screen, which has no route of its own).
 */
export function DocumentTitle({ override }: { override?: PageTitleKey }) {
  const matches = useMatches();
  if (override) return <FixedTitle titleKey={override} />;
  const match = matches.findLast((m) => titleHandle(m) !== null);
  const handle = match ? titleHandle(match)! : null;
  if (!match || !handle) return <FixedTitle titleKey="site" />;
  // Keyed by route: a route's name hook is called on every render of its own title, never swapped for another's.
  if (handle.useName) return <NamedTitle key={match.id} handle={handle as Required<TitleHandle>} params={match.params} />;
  return <FixedTitle key={match.id} titleKey={handle.title} />;
}
