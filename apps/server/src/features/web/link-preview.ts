import { BRAND_NAME } from "@latent/domain/brand";

/** What a messenger shows for a link to a page (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** The picture: a path on this server (a signed media link) or an absolute URL; null for none of its own. */
  image: string | null;
}

/** Gives the preview of one page from its query string and the reader's language; null for the site's own tags. */
export type LinkPreviewProvider = (query: Record<string, string | undefined>, locale: string) => Promise<LinkPreview | null>;

// index.html marks the site's own tags; a page with a preview of its own gets them replaced (features/web/spa.ts).
const BLOCK = /<!-- link-preview[^>]*-->[\s\S]*?<!-- \/link-preview -->/;
const TITLE = /<title>[^<]*<\/title>/;

/** Text for an HTML attribute or element: the five characters that could end it or start markup are escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * index.html with a page's own preview: title, description and a large picture (the site's icon when the page has
 * none), every value escaped. Without the marked block the page is left as it is.
 */
export function withLinkPreview(html: string, preview: LinkPreview, origin: string): string {
  if (!BLOCK.test(html)) return html;
  const image = new URL(preview.image ?? "/icons/icon-512.png", origin).href;
  const tags: [string, string, string][] = [
    ["property", "og:site_name", BRAND_NAME],
    ["property", "og:type", "website"],
    ["property", "og:title", preview.title],
    ["property", "og:description", preview.description],
    ["property", "og:image", image],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", preview.title],
    ["name", "twitter:description", preview.description],
    ["name", "twitter:image", image],
  ];
  const block = tags.map(([attr, name, value]) => `<meta ${attr}="${name}" content="${escapeHtml(value)}" />`).join("\n    ");
  return html
    .replace(BLOCK, () => `<!-- link-preview -->\n    ${block}\n    <!-- /link-preview -->`)
    .replace(TITLE, () => `<title>${escapeHtml(`${preview.title} — ${BRAND_NAME}`)}</title>`);
}
