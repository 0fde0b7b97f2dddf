import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";

const SHOTS = 60;
const tile = (page: Page, index: number) => page.getByRole("button", { name: new RegExp(`^Open shot ${index}(\\.|$)`) });
/** The shot index of the focused tile, if a tile has the focus (the page's own globals, typed here without the DOM lib). */
const focusedShot = (page: Page) =>
  page.evaluate(() => {
    const { document } = globalThis as unknown as { document: { activeElement: { dataset?: { shotTile?: string } } | null } };
    return document.activeElement?.dataset?.shotTile ?? null;
  });

/** Calls the API as the page's signed-in user, with the access token the web app keeps; `bytes` is sent as the body. */
function apiAs<T>(page: Page, method: string, path: string, body?: unknown, bytes?: string): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, bytes }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user"));
      const token = key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: bytes ? Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0)) : body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body, bytes },
  ) as Promise<T>;
}

test("a long roll draws only the rows near the screen, and the keyboard still reaches every shot", async ({ page }) => {
  test.setTimeout(240_000);
  await signUpFromLanding(page, newAccount("long-roll"), "user");
  await expect(page).toHaveURL("/u/home");
  await page.goto("/u/privacy");
  await page.getByRole("button", { name: "I accept the privacy policy" }).click();
  await expect(page).toHaveURL("/u/home");

  const film = await apiAs<{ id: string }>(page, "POST", "/api/film", {
    brand: "Ilford",
    model: "HP5 Plus",
    iso: 400,
    format: "135",
    process: "B/N",
    n_exp: SHOTS,
  });
  const scan = (
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#556677" } })
      .jpeg()
      .toBuffer()
  ).toString("base64");
  for (let index = 1; index <= SHOTS; index++) {
    const begin = await apiAs<{ urls: string[] }>(page, "POST", `/api/film/shot/${film.id}/${index}/upload`, {
      content_type: "image/jpeg",
      content_length: Buffer.from(scan, "base64").length,
    });
    await apiAs(page, "PUT", begin.urls[0]!, undefined, scan);
  }

  await page.goto(`/u/films/${film.id}`);
  const sheet = page.getByRole("list", { name: `${SHOTS} shots` });
  await expect(tile(page, 1)).toBeVisible({ timeout: 60_000 });
  // Drawn: the first screen and a few rows beyond it, not the whole roll.
  await expect.poll(() => sheet.locator("[data-shot-tile]").count()).toBeLessThan(SHOTS);

  // Tab walks the roll shot by shot, drawing the next rows as it goes.
  await tile(page, 1).focus();
  for (let index = 2; index <= SHOTS; index++) {
    await page.keyboard.press("Tab");
    expect(await focusedShot(page), `Tab onto shot ${index}`).toBe(String(index));
  }
  for (let index = SHOTS - 1; index >= SHOTS - 12; index--) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusedShot(page), `Shift+Tab onto shot ${index}`).toBe(String(index));
  }

  // Back from the lightbox on a shot far up the roll, the focus is on that shot's tile, drawn again.
  await page.keyboard.press("Enter");
  const lightbox = page.getByRole("dialog");
  await expect(lightbox.getByRole("heading", { name: new RegExp(`^Shot ${SHOTS - 12}\\b`) })).toBeVisible();
  // Keys go to the lightbox once it holds the focus (it takes it when its opening transition ends).
  await expect(page.locator('[role="dialog"]:focus-within')).toHaveCount(1);
  await page.keyboard.press("Home");
  await expect(lightbox.getByRole("heading", { name: /^Shot 1\b/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(tile(page, 1)).toBeFocused();
});
