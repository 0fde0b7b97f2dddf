import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newAccount, signUpFromLanding } from "./support/accounts.ts";
import { acceptPrivacy } from "./support/rolls.ts";

const SCANS = 4;

/** The signed-in user's access token, as the web app keeps it (the page's globals, typed here without the DOM lib). */
const accessToken = (page: Page) =>
  page.evaluate(() => {
    const { localStorage } = globalThis as unknown as { localStorage: Storage };
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
  });

/** Bytes of the zip the page itself fetched (resource timing): a native download is not among them. */
const zipBytesFetchedByPage = (page: Page) =>
  page.evaluate(() => {
    type Entry = { name: string; encodedBodySize: number };
    const { performance } = globalThis as unknown as { performance: { getEntriesByType(type: string): Entry[] } };
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/zip/film/"))
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  });

test("a roll's zip of tens of MB downloads natively: the file is whole and the page's memory does not hold it", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpFromLanding(page, newAccount("zip-native"), "user");
  await expect(page).toHaveURL("/u/home");
  await acceptPrivacy(page);

  // Noise does not compress: each scan is some 10 MB, as a film scan is.
  const scan = await sharp({
    create: { width: 3000, height: 2200, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post("/api/film", {
    headers,
    data: { brand: "Ilford", model: "HP5 Plus", iso: 400, format: "135", process: "B/N", n_exp: 36, name: "Grain de l'été" },
  });
  expect(created.ok()).toBe(true);
  const film = (await created.json()) as { id: string };
  for (let index = 1; index <= SCANS; index++) {
    const begin = await page.request.post(`/api/film/shot/${film.id}/${index}/upload`, {
      headers,
      data: { content_type: "image/jpeg", content_length: scan.length, file_name: `scan-${index}.jpg` },
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

  await page.goto(`/u/films/${film.id}`);
  await expect(page.getByRole("heading", { name: "Grain de l'été", level: 1 })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    const usage = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number; backingStorageSize?: number };
    // Array buffers (where fetched bytes would sit) are counted apart from the JS objects.
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  };
  const before = await heap();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Grain-de-l'été.zip");
  const path = await download.path();
  // The roll's feed reports the last file written.
  await expect(page.getByText("Download complete: Grain-de-l'été.zip")).toBeVisible();

  const size = statSync(path).size;
  expect(size).toBeGreaterThan(SCANS * 5 * 1024 * 1024);
  const entries = execFileSync("unzip", ["-Z1", path], { encoding: "utf8" }).trim().split("\n");
  expect(entries).toEqual(["Grain-de-l'été-01.jpg", "Grain-de-l'été-02.jpg", "Grain-de-l'été-03.jpg", "Grain-de-l'été-04.jpg"]);
  // The uploaded scan's pixels, with its roll and frame written in (issue 28).
  const fourth = execFileSync("unzip", ["-p", path, "Grain-de-l'été-04.jpg"], { maxBuffer: 2 * scan.length });
  expect((await sharp(fourth).raw().toBuffer()).equals(await sharp(scan).raw().toBuffer())).toBe(true);
  expect(fourth.includes(Buffer.from("<AnalogExif:ExposureNumber>4</AnalogExif:ExposureNumber>"))).toBe(true);

  // The bytes went to the browser's downloads, not through the page: it checked the link and fetched nothing of it.
  expect(await zipBytesFetchedByPage(page)).toBe(0);
  expect((await heap()) - before).toBeLessThan(size / 4);
});
