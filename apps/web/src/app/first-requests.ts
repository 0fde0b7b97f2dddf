import { paths } from "@latent/domain/app-paths";
import type { QueryClient } from "@tanstack/react-query";
import { matchPath, matchRoutes } from "react-router";
import { filmQueryOptions } from "../features/films/api/get-film.ts";
import { filmsQueryOptions } from "../features/films/api/list-films.ts";
import { firstScreenImages, TILE_SIZES } from "../features/films/public/gallery-items.ts";
import { getPublicFilm, publicFilmQueryOptions } from "../features/public-film/api/get-public-film.ts";
import { userQueryOptions } from "../features/user/api/get-user.ts";
import type { AppServices } from "./app-services.ts";

/**
 * A signed-in user opening a page of the user area cold: the first requests its guards and its loader make (the
 * profile; the roll, on a roll's page) go out before the router asks for the page's code. Asked for after it, they
 * waited behind its ≈ 70 chunks for one of the browser's six connections: `/api/user` answered in 5 ms of server
 * time but 300–390 ms after it was sent, and the roll's thumbnails came that much later (decision 0035). The guards
 * and the loader then find them in the query cache, answered or on their way. Resolves once they are sent.
 *
 * On a roll's page, the first screen's thumbnails are asked for as soon as the roll arrives, as the tiles will ask
 * (same `srcset` and `sizes`, so the browser picks the same file): they are in its cache when the tiles are drawn.
 */
export async function sendFirstRequests(
  { auth, api, queryClient }: AppServices,
  pathname: string,
  preload: (srcSet: string) => void = preloadImage,
): Promise<void> {
  const userArea = matchPath({ path: paths.user.root, end: false }, pathname);
  const companionRolls = COMPANION_ROLLS.some((path) => matchPath(path, pathname));
  if (!(userArea || companionRolls) || !auth.isSignedIn()) return;
  if (!(await auth.activeUser().catch(() => null))) return;
  void queryClient.prefetchQuery(userQueryOptions(api));
  // Matched as the router matches (its params decoded), so the loader asks for the same query.
  const roll = matchRoutes([{ path: paths.user.film.pattern }], pathname)?.[0];
  if (roll?.params.filmId)
    queryClient.fetchQuery(filmQueryOptions(api, roll.params.filmId)).then(
      (film) => firstScreenImages(film.shots).forEach(preload),
      // The loader asks again and its page shows the error.
      () => {},
    );
  // The companion's first screen: a photographer's rolls with their covers (the page's largest paint), asked for
  // once the profile says photographer (a lab's screen lists orders instead). Asked for by the screen, they waited
  // for its code, the profile and a render first (decision 0052).
  if (companionRolls)
    queryClient
      .fetchQuery(userQueryOptions(api))
      .then((user) => (user.role === "user" ? queryClient.fetchQuery(filmsQueryOptions(api, {})) : []))
      .then(
        (films) =>
          films
            .slice(0, FIRST_SCREEN_COVERS)
            .flatMap((film) => (film.cover_url ? [film.cover_url] : []))
            .forEach(preload),
        // The screen asks again and shows the error.
        () => {},
      );
  // The calls reach fetch() a few promise steps later; one task later they are all on their way.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The companion's root sends to its rolls: both open on the rolls' list. */
const COMPANION_ROLLS = [paths.companion.root, `${paths.companion.root}/`, paths.companion.rolls];
/** Rows of rolls a phone shows on the companion's first screen. */
const FIRST_SCREEN_COVERS = 8;

/**
 * A shared roll's page (`/film?code=…`) opening cold: the roll is asked for at once, while the settings, the texts
 * and the page's code load, and its first screen's thumbnails as soon as it arrives. Asked for by the page itself,
 * it went out after all of them and the first render (≈ 1.5 s into the load on a phone's network and CPU), and the
 * thumbnails, the page's largest paint, after it (decision 0052). It needs neither the settings nor a session (the
 * share code is the token): call it first; the answer goes into the query cache, where the page finds it, once
 * there is one. The same one request as before, so the owner's count of openings is unchanged.
 */
export function startSharedRoll(
  location: { pathname: string; search: string },
  preload: (srcSet: string) => void = preloadImage,
): (queryClient: QueryClient) => void {
  const code = location.pathname === paths.film ? (new URLSearchParams(location.search).get("code")?.trim() ?? "") : "";
  if (!code) return () => undefined;
  const film = getPublicFilm(code);
  film.then(
    (answer) => firstScreenImages(answer.shots.filter((shot) => shot.state === "done")).forEach(preload),
    // The page shows the refusal (expired link, password) from the query's error.
    () => undefined,
  );
  return (queryClient) => void queryClient.prefetchQuery({ ...publicFilmQueryOptions(code), queryFn: () => film });
}

/** Asks for an image as a tile with this `srcset` would: the browser picks the same file and keeps it. */
function preloadImage(srcSet: string) {
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "image", imageSrcset: srcSet, imageSizes: TILE_SIZES });
  link.fetchPriority = "high";
  // The file stays in the page's image cache; the link has done its work.
  link.onload = link.onerror = () => link.remove();
  document.head.append(link);
}
