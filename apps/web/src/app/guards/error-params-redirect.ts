import { paths } from "@latent/domain/app-paths";
import { type MiddlewareFunction, replace } from "react-router";
import type { PreviousPath } from "./previous-path.ts";

/**
 * Where a navigation to `to` carrying `error` or `errorDescription` must go instead: main with both, unless the
 * target or the previous route (`from`, null on the first load) is main already (spec §2), where the landing layout
 * shows them. /callback is left alone: it must first close the identity transaction. Null: let it through.
 */
export function errorParamsTarget(to: URL, from: string | null): string | null {
  if (to.pathname === paths.main || to.pathname === paths.callback || from === paths.main) return null;
  const error = to.searchParams.get("error");
  const description = to.searchParams.get("errorDescription");
  if (error === null && description === null) return null;
  const carried = new URLSearchParams();
  if (error !== null) carried.set("error", error);
  if (description !== null) carried.set("errorDescription", description);
  return `${paths.main}?${carried}`;
}

export function errorParamsRedirect(previousPath: PreviousPath): MiddlewareFunction {
  return ({ request }) => {
    const target = errorParamsTarget(new URL(request.url), previousPath());
    if (target) throw replace(target);
  };
}
