import { expect, test } from "@playwright/test";

const CODE = "q3Zx_8LmPa0-Tr5VbN2kYwE7uHc9JdG4sFi1oKe6RnA";
const EMAIL = "ada.secret@example.org";
const FILE_NAME = "grandma-birthday-042.jpg";
const ENVELOPE = /\/api\/42\/envelope\//;

/**
 * The web app's error reports in Chromium. The server's settings (`/api/config`) are rewritten to name a DSN on the
 * page's own origin (so the Content-Security-Policy's connect-src 'self' lets it through), and its envelopes are
 * answered here: the test sees exactly what would leave the browser.
 */
test("a browser error reaches the reporting service with its replay, and neither carries the page's share code, an email or a file name", async ({
  page,
  baseURL,
}) => {
  const bodies: string[] = [];
  await page.route(ENVELOPE, async (route) => {
    bodies.push(route.request().postDataBuffer()?.toString("utf8") ?? "");
    await route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
  });
  await page.route("**/api/config", async (route) => {
    const response = await route.fetch();
    const settings = await response.json();
    const dsn = `http://e2epublickey@${new URL(baseURL!).host}/42`;
    await route.fulfill({ response, json: { ...settings, error_reports: { dsn, environment: "production" } } });
  });

  await page.goto(`/film?code=${CODE}`);
  const events = () => bodies.filter((body) => body.includes('{"type":"event"'));
  const throwError = () =>
    page.evaluate(
      ([email, file]) =>
        setTimeout(() => {
          throw new Error(`could not show ${file} of ${email}`);
        }),
      [EMAIL, FILE_NAME],
    );
  // The SDK loads after the first page: the error is thrown again until one is reported.
  await expect
    .poll(async () => {
      await throwError();
      return events().length;
    })
    .toBeGreaterThan(0);
  expect(events()[0]).toContain("could not show [file] of [email]");
  // A session with an error sends its replay. The replay's recorder may start after the first error was reported (it
  // loads with the SDK, and later on a busy machine), so errors keep coming until one is sent with its replay.
  await expect
    .poll(
      async () => {
        await throwError();
        return bodies.some((body) => body.includes('{"type":"replay_recording"'));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  const sent = bodies.join("\n");
  expect(sent.includes("/film?code=[redacted]"), "the page's address, scrubbed").toBe(true);
  for (const secret of [CODE, EMAIL, FILE_NAME]) expect(sent.includes(secret), `${secret} was sent`).toBe(false);
});
