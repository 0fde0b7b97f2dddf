import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { acceptPrivacy } from "./support/rolls.ts";

const SCANS = 6;
const PASSWORD = "contact-sheet";
const FAVOURITES = [1, 2, 4, 5, 6];

const dialog = (page: Page) => page.getByRole("dialog");
const tile = (page: Page, index: number) => page.getByRole("button", { name: new RegExp(`^Open shot ${index}(\\.|$)`) });

/** The signed-in user's access token, as the web app keeps it (the page's globals, typed here without the DOM lib). */
const accessToken = (page: Page) =>
  page.evaluate(() => {
    const { localStorage } = globalThis as unknown as { localStorage: Storage };
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
  });

/** A roll of SCANS small scans named `frame-01.jpg`…, uploaded through the API as the web app does, all processed. */
async function rollWithScans(page: Page, name: string) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post("/api/film", {
    headers,
    data: { brand: "Ilford", model: "HP5 Plus", iso: 400, format: "135", process: "B/N", n_exp: 36, name },
  });
  expect(created.ok()).toBe(true);
  const film = (await created.json()) as { id: string };
  for (let index = 1; index <= SCANS; index++) {
    const scan = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 30 * index, g: 90, b: 200 - 20 * index } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const begin = await page.request.post(`/api/film/shot/${film.id}/${index}/upload`, {
      headers,
      data: { content_type: "image/jpeg", content_length: scan.length, file_name: `frame-0${index}.jpg` },
    });
    expect(begin.ok()).toBe(true);
    const { urls, max_upload_size } = (await begin.json()) as { urls: string[]; max_upload_size: number };
    for (const [i, url] of urls.entries()) {
      const put = await page.request.put(url, {
        headers: { ...headers, "content-type": "application/octet-stream" },
        data: scan.subarray(i * max_upload_size, (i + 1) * max_upload_size),
      });
      expect(put.ok()).toBe(true);
    }
  }
  await expect
    .poll(
      async () => {
        const roll = (await (await page.request.get(`/api/film/${film.id}`, { headers })).json()) as { shots: { state: string }[] };
        return roll.shots.filter((shot) => shot.state === "done").length;
      },
      { timeout: 90_000 },
    )
    .toBe(SCANS);
  return film.id;
}

test("an owner shares a roll with a password and downloads off; a guest enters it, favourites 5 frames and comments on 2; the owner sees them live and exports the 5 file names", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpFromLanding(page, newAccount("proofing"), "user");
  await expect(page).toHaveURL("/u/home");
  await acceptPrivacy(page);
  const filmId = await rollWithScans(page, "Wedding proofs");

  // The owner's link: a password, no downloads, guests may answer.
  await page.goto(`/u/films/${filmId}`);
  await expect(page.getByRole("heading", { name: "Wedding proofs", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await dialog(page).getByLabel("Password (optional)").fill(PASSWORD);
  await dialog(page).getByRole("switch", { name: "Allow downloads" }).uncheck();
  await expect(dialog(page).getByRole("switch", { name: "Guests can favourite and comment" })).toBeChecked();
  await dialog(page).getByRole("button", { name: "Create link" }).click();
  const linkField = dialog(page).getByLabel("Public link");
  await expect(linkField).toHaveValue(/\/film\?code=/);
  const link = await linkField.inputValue();
  // The owner's list says what the link allows.
  const row = dialog(page).getByRole("row").filter({ hasText: "Active" });
  await expect(row.getByText("Password", { exact: true })).toBeVisible();
  await expect(row.getByText("No downloads")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Guests' answers" })).toBeVisible();
  await expect(page.getByText("No favourites yet.", { exact: false })).toBeVisible();

  const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-US" });
  try {
    const guest = await guestContext.newPage();
    await guest.goto(link);
    // The password first: nothing of the roll shows before it.
    await expect(guest.getByRole("heading", { name: "This roll is protected by a password" })).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Wedding proofs" })).toHaveCount(0);
    await guest.getByLabel("Password", { exact: true }).fill("not-the-password");
    await guest.getByRole("button", { name: "Open" }).click();
    await expect(guest.getByText("That is not the password.", { exact: false })).toBeVisible();
    await guest.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await guest.getByRole("button", { name: "Open" }).click();
    await expect(guest.getByRole("heading", { name: "Wedding proofs", level: 1 })).toBeVisible();
    // Asked once per browser session: a reload opens the roll at once.
    await guest.reload();
    await expect(guest.getByRole("heading", { name: "Wedding proofs", level: 1 })).toBeVisible();
    await expect(tile(guest, SCANS)).toBeVisible();

    // Downloads off: no zip button, no original, and the server refuses the zip's manifest to this link.
    await expect(guest.getByRole("button", { name: "Download zip" })).toHaveCount(0);
    const code = new URL(link).searchParams.get("code") ?? "";
    const manifest = await guest.request.get("/api/public/film/download", { headers: { authorization: `Bearer ${code}` } });
    expect(manifest.status()).toBe(403);
    expect(((await manifest.json()) as { error: string }).error).toBe("share-downloads-off");
    const zip = await guest.request.get(`/zip/film/${filmId}`);
    expect(zip.ok()).toBe(false);

    // The first favourite asks for a name, once.
    await guest.getByRole("button", { name: `Favourite shot ${FAVOURITES[0]}` }).click();
    await expect(dialog(guest).getByRole("heading", { name: "Your name" })).toBeVisible();
    await dialog(guest).getByLabel("Name").fill("Aunt Rosa");
    await dialog(guest).getByRole("button", { name: "Continue" }).click();
    await expect(guest.getByRole("button", { name: `Favourite shot ${FAVOURITES[0]}` })).toHaveAttribute("aria-pressed", "true");
    for (const index of FAVOURITES.slice(1, -1)) {
      await guest.getByRole("button", { name: `Favourite shot ${index}` }).click();
      await expect(guest.getByRole("button", { name: `Favourite shot ${index}` })).toHaveAttribute("aria-pressed", "true");
    }
    // The last one from the lightbox, with F; no original to download there either.
    const last = FAVOURITES.at(-1)!;
    await tile(guest, last).click();
    await expect(dialog(guest).getByRole("heading", { name: `Shot ${last} · frame-0${last}.jpg` })).toBeVisible();
    await expect(dialog(guest).getByRole("link", { name: "Download the original" })).toHaveCount(0);
    await guest.keyboard.press("f");
    await expect(dialog(guest).getByRole("button", { name: "Favourite" })).toHaveAttribute("aria-pressed", "true");

    // Comments on two frames, from the lightbox's panel.
    await dialog(guest).getByLabel(`Comment on frame ${last}`).fill("Can we have this one bigger?");
    await dialog(guest).getByRole("button", { name: "Send comment" }).click();
    await expect(dialog(guest).getByText("Can we have this one bigger?")).toBeVisible();
    await dialog(guest).getByRole("button", { name: "Previous shot" }).click();
    await expect(dialog(guest).getByRole("heading", { name: `Shot ${last - 1} · frame-0${last - 1}.jpg` })).toBeVisible();
    await dialog(guest)
      .getByLabel(`Comment on frame ${last - 1}`)
      .fill("Grandma's smile ♥");
    await dialog(guest).getByRole("button", { name: "Send comment" }).click();
    await expect(dialog(guest).getByText("Grandma's smile ♥")).toBeVisible();
    await guest.keyboard.press("Escape");

    // The owner's page, never reloaded, shows them as they came.
    await expect(page.getByRole("heading", { name: "5 favourite frames" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "2 comments" })).toBeVisible({ timeout: 20_000 });
    const favourites = page.getByRole("list", { name: "Favourite frames" });
    await expect(favourites.getByRole("listitem")).toHaveCount(5);
    await expect(favourites.getByRole("listitem").first()).toContainText("Aunt Rosa");
    await expect(page.getByText("Can we have this one bigger?")).toBeVisible();
    await expect(page.getByText("Grandma's smile ♥")).toBeVisible();

    // The export: the five file names, one per line, as Lightroom's filter takes them.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export file names (TXT)" }).click();
    const download = await downloading;
    const names = readFileSync(await download.path(), "utf8")
      .trim()
      .split(/\r?\n/);
    expect(names).toEqual(FAVOURITES.map((index) => `frame-0${index}.jpg`));
  } finally {
    await guestContext.close();
  }
});
