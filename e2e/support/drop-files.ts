import type { Locator, Page } from "@playwright/test";

/**
 * Drops files on an element the way a browser does after a drag from the desktop: one drop event with a DataTransfer.
 * `type` defaults to image/jpeg.
 */
export async function dropFiles(page: Page, target: Locator, files: { name: string; type?: string; buffer: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (payload) => {
      // Runs in the page: its DataTransfer and File, not Node's.
      const page = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new page.DataTransfer();
      for (const file of payload) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new page.File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type ?? "image/jpeg", base64: f.buffer.toString("base64") })),
  );
  await target.dispatchEvent("drop", { dataTransfer });
}
