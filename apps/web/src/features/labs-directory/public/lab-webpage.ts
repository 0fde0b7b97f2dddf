/**
 * A lab's webpage as shown in a link's text: without the scheme and the trailing slash. The domain's
 * WebpageSchema already stores a full http(s) address, which is what the link itself points to.
 */
export function webpageLabel(webpage: string): string {
  return webpage.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
