/** Hands a Blob to the browser's download, under `name` (a hidden link's click: works in every browser). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the Blob after the click returns: revoke it only once the save had time to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
