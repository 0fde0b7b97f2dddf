import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a part the page can do without (a menu, the notifications' host): if its file cannot be fetched
 * (offline, the page leaving mid-load), it renders nothing instead of taking the whole app down with the error.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (err) {
      console.error(err);
      return { default: (() => null) as ComponentType<P> };
    }
  });
}
