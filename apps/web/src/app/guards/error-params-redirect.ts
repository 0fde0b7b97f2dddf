import { paths } from "@latent/domain/app-paths";
import { type MiddlewareFunction, replace } from "react-router";

/**
 * A navigation carrying `error` or `errorDescription` to any route but main is sent to main with both (spec §2),
 * where the landing layout shows them. /callback is left alone: it must first close the identity transaction.
 */
export const errorParamsRedirect: MiddlewareFunction = ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname === paths.main || url.pathname === paths.callback) return;
  const error = url.searchParams.get("error");
  const description = url.searchParams.get("errorDescription");
  if (error === null && description === null) return;
  const carried = new URLSearchParams();
  if (error !== null) carried.set("error", error);
  if (description !== null) carried.set("errorDescription", description);
  throw replace(`${paths.main}?${carried}`);
};
