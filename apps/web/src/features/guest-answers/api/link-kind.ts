/** Which kind of link a visitor holds: a shared roll's (`/film?code=`) or an order's (`/order?code=`). */
export type LinkKind = "film" | "order";

/** The public routes of a link of that kind. */
export const publicPath = (kind: LinkKind, rest: string) => `/api/public/${kind}/${rest}`;
