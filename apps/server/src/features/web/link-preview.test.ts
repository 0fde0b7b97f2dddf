import { describe, expect, it } from "vitest";
import { withLinkPreview } from "./link-preview.ts";

const page = `<!doctype html><html><head><title>Latent</title>
    <!-- link-preview: the site's own -->
    <meta property="og:title" content="Latent" />
    <!-- /link-preview -->
  </head><body><div id="root"></div></body></html>`;

describe("link previews in the app's page", () => {
  it("replaces the site's tags with the page's own, escaping every value", () => {
    const html = withLinkPreview(
      page,
      { title: `<script>"&'`, description: "Kodak Portra 400 · 135 · 36 shots", image: "/media/t.webp?expires=1&signature=a" },
      "https://latent.example",
    );
    expect(html).toContain(`<meta property="og:title" content="&lt;script&gt;&quot;&amp;&#39;" />`);
    expect(html).toContain(`<meta property="og:description" content="Kodak Portra 400 · 135 · 36 shots" />`);
    expect(html).toContain(`<meta property="og:image" content="https://latent.example/media/t.webp?expires=1&amp;signature=a" />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
    expect(html).toContain("<title>&lt;script&gt;&quot;&amp;&#39; — Latent</title>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('content="Latent" />\n    <!-- /link-preview');
  });

  it("shows the site's icon for a page without a picture, and leaves a page without the marked block alone", () => {
    expect(withLinkPreview(page, { title: "A", description: "B", image: null }, "https://latent.example")).toContain(
      `<meta property="og:image" content="https://latent.example/icons/icon-512.png" />`,
    );
    const bare = "<html><head><title>Latent</title></head></html>";
    expect(withLinkPreview(bare, { title: "A", description: "B", image: null }, "https://latent.example")).toBe(bare);
  });
});
