/**
 * Has the browser itself download `url` (a hidden link's click): the bytes go straight to its downloads, never
 * through the page's memory, and the download goes on if the page is left. `name` is a hint for a same-origin link;
 * the answer's Content-Disposition names the file otherwise.
 */
export function downloadFromUrl(url: string, name: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}
