import { paths } from "@latent/domain/app-paths";
import { matchPath, matchRoutes } from "react-router";
import { filmQueryOptions } from "../features/films/api/get-film.ts";
import { firstScreenImages, TILE_SIZES } from "../features/films/public/gallery-items.ts";
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
  if (!matchPath({ path: paths.user.root, end: false }, pathname) || !auth.isSignedIn()) return;
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
  // The calls reach fetch() a few promise steps later; one task later they are all on their way.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Asks for an image as a tile with this `srcset` would: the browser picks the same file and keeps it. */
function preloadImage(srcSet: string) {
  const link = Object.assign(document.createElement("link"), { rel: "preload", as: "image", imageSrcset: srcSet, imageSizes: TILE_SIZES });
  link.fetchPriority = "high";
  // The file stays in the page's image cache; the link has done its work.
  link.onload = link.onerror = () => link.remove();
  document.head.append(link);
}
