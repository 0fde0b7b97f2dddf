/**
 * `Content-Disposition: attachment` naming the file the browser saves (RFC 6266): a plain ASCII `filename` for old
 * clients, and `filename*` with the real name in UTF-8, percent-encoded as RFC 5987 allows (its attr-chars only, so
 * `'`, `(`, `)` and `*`, which `encodeURIComponent` leaves alone, are encoded too).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
