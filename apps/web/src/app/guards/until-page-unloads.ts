/** For guards that send the browser to another site: the page unloads, so the navigation never finishes. */
export function untilPageUnloads(): Promise<never> {
  return new Promise<never>(() => undefined);
}
