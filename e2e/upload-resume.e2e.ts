import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { acceptPrivacy, registerFirstRoll } from "./support/rolls.ts";

const gallery = (page: Page) => page.getByRole("list", { name: /^\d+ shots?$/ });
/** A chunk PUT: `/api/uploads/{upload}/{part}`. */
const CHUNK = /\/api\/uploads\/[^/]+\/(\d+)$/;

/** An uncompressed 2400×2400 TIFF: about 17 MB, so two chunks of 16 MiB. */
const bigTiff = () =>
  sharp({ create: { width: 2400, height: 2400, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .tiff({ compression: "none" })
    .toBuffer();

/** A new photographer who accepted the privacy policy, on the page of a new 35 mm roll. */
async function onNewRoll(page: Page) {
  await signUpFromLanding(page, newAccount("resume"), "user");
  await expect(page).toHaveURL("/u/home");
  await acceptPrivacy(page);
  await registerFirstRoll(page, "Night walk");
}

/** Picks files through "Choose files", as a person does. */
async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose files" }).click();
  await (await chooser).setFiles(files);
}

/** The slices of the page's IndexedDB used here (the e2e project has no DOM types). */
interface PageRequest<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(store: string): { get(key: string): PageRequest<unknown> } };
}

/** Whether the browser keeps the file of shot `index` of a roll to resume its upload (IndexedDB `latent-uploads`). */
const keepsFile = (page: Page, filmId: string, index: number) =>
  page.evaluate(
    ({ key }) =>
      new Promise<boolean>((resolve) => {
        // Runs in the page: its IndexedDB and Blob, not Node's.
        const { indexedDB } = globalThis as unknown as { indexedDB: { open(name: string, version: number): PageRequest<PageDatabase> } };
        const open = indexedDB.open("latent-uploads", 1);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("files")) return resolve(false);
          const get = db.transaction("files").objectStore("files").get(key);
          get.onsuccess = () => resolve(get.result instanceof Blob);
          get.onerror = () => resolve(false);
        };
      }),
    { key: `${filmId}#${index}` },
  );

test("an upload cut off by a reload goes on at the same shot without choosing the file again", async ({ page }) => {
  test.setTimeout(120_000);
  await onNewRoll(page);
  const filmId = page.url().split("/").pop()!;
  const tiff = await bigTiff();

  // The second chunk is held back (never answered), so the page is reloaded while the scan is half sent.
  let holdSecond = true;
  await page.route(CHUNK, (route) => (holdSecond && route.request().url().endsWith("/2") ? undefined : route.continue()));
  const firstChunk = page.waitForResponse((res) => CHUNK.test(res.url()) && res.url().endsWith("/1") && res.ok());
  await chooseFiles(page, [{ name: "night-01.tif", mimeType: "image/tiff", buffer: tiff }]);
  await expect(page.getByRole("heading", { name: "1 scan chosen" })).toBeVisible();
  await page.getByRole("button", { name: "Upload 1 file" }).click();
  await firstChunk;
  await expect(page.getByRole("heading", { name: "Uploading 1 of 1" })).toBeVisible();
  await expect.poll(() => keepsFile(page, filmId, 1)).toBe(true);

  holdSecond = false;
  const partsSent: string[] = [];
  page.on("request", (request) => {
    const part = CHUNK.exec(request.url())?.[1];
    if (request.method() === "PUT" && part) partsSent.push(part);
  });
  await page.reload();

  // Only the part the server lacks is sent; the scan lands on shot 1, not on a new shot after it.
  const tile = gallery(page).getByRole("button", { name: /^Open shot 1(\.|$)/ });
  await expect(tile.locator("img")).toBeVisible({ timeout: 60_000 });
  await expect(gallery(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "1 scan ready" })).toBeVisible();
  await expect(page.getByText("1 shot", { exact: true })).toBeVisible();
  expect(partsSent).toEqual(["2"]);
  await expect.poll(() => keepsFile(page, filmId, 1)).toBe(false);
});

test("a text file renamed .jpg is refused by name with its reason, and no shot is made for it", async ({ page }) => {
  await onNewRoll(page);
  const starts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/upload")) starts.push(request.url());
  });

  await chooseFiles(page, [
    { name: "lab-notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Push this roll one stop, please.\n".repeat(40)) },
    // Left by macOS in copied folders: skipped without a word.
    { name: ".DS_Store", mimeType: "application/octet-stream", buffer: Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]) },
  ]);
  const refused = page.getByRole("alert").filter({ hasText: "1 file refused" });
  await expect(refused).toContainText(
    "lab-notes.jpg: its content is not a JPEG, TIFF, PNG or WebP image, whatever its name says. It will not be uploaded.",
  );
  await expect(page.getByText(".DS_Store")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "Nothing will be uploaded" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Upload \d+ files?$/ })).toBeDisabled();

  await page.reload();
  await expect(page.getByText("No shots yet")).toBeVisible();
  expect(starts).toEqual([]);
});
