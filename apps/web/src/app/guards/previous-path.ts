/**
 * The path of the route a navigation leaves, for guards that look at where the user comes from (spec §2); null on
 * the first page load, when there is none.
 */
export type PreviousPath = () => string | null;

/** The router's committed location while a navigation runs is the one being left; before the first load ends, none. */
export function previousPathOf(
  router: () => { state: { initialized: boolean; location: { pathname: string } } } | undefined,
): PreviousPath {
  return () => {
    const current = router();
    return current?.state.initialized ? current.state.location.pathname : null;
  };
}

export const NO_PREVIOUS_PATH: PreviousPath = () => null;
