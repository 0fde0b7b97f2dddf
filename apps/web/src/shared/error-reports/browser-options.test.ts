import type { Breadcrumb, ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { browserOptions, REPLAY_PRIVACY, scrubEveryEvent } from "./browser-options.ts";

const settings = { dsn: "https://public@glitchtip.example/3", environment: "production" };
const CODE = "q3Zx_8LmPa0-Tr5VbN2kYwE7uHc9JdG4sFi1oKe6RnA";
const EMAIL = "ada@example.org";

describe("the browser's error reports", () => {
  it("use the spec's rates and environment", () => {
    expect(browserOptions(settings)).toMatchObject({
      dsn: settings.dsn,
      environment: "production",
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it("send no share code, email or file name in an error, a transaction or a breadcrumb", async () => {
    const options = browserOptions(settings);
    const error = await options.beforeSend!(
      {
        type: undefined,
        message: `Could not open ${CODE} for ${EMAIL}`,
        request: {
          url: `https://latent.example/film?code=${CODE}`,
          headers: { Cookie: "sid=1", Referer: `https://latent.example/s/${CODE}` },
        },
        exception: { values: [{ type: "Error", value: "Failed to read holiday 042.jpg" }] },
      } as ErrorEvent,
      {},
    );
    const transaction = await options.beforeSendTransaction!(
      {
        type: "transaction",
        transaction: `/film`,
        contexts: { trace: { span_id: "a1", trace_id: "b2", data: { "url.full": `/film?code=${CODE}` } } },
      } as Parameters<NonNullable<ReturnType<typeof browserOptions>["beforeSendTransaction"]>>[0],
      {},
    );
    const breadcrumb = options.beforeBreadcrumb!({
      category: "fetch",
      data: { url: `/api/public/film?code=${CODE}`, method: "GET" },
    } as Breadcrumb);
    const sent = JSON.stringify([error, transaction, breadcrumb]);
    for (const secret of [CODE, EMAIL, "holiday 042.jpg", "042.jpg", "sid=1"]) expect(sent).not.toContain(secret);
    expect(breadcrumb).toEqual({ category: "fetch", data: { url: "/api/public/film?code=[redacted]", method: "GET" } });
  });

  it("record replays with text, inputs and pictures masked, no network details, and scrubbed page addresses", () => {
    expect(REPLAY_PRIVACY).toMatchObject({ maskAllText: true, maskAllInputs: true, blockAllMedia: true, networkDetailAllowUrls: [] });
    const meta = { type: 4, timestamp: 1, data: { href: `https://latent.example/film?code=${CODE}`, width: 390, height: 844 } };
    expect(REPLAY_PRIVACY.beforeAddRecordingEvent(meta as never)).toEqual({
      ...meta,
      data: { ...meta.data, href: "https://latent.example/film?code=[redacted]" },
    });
    // A replay's own event lists the pages visited and skips beforeSend.
    const replayEvent = { type: "replay_event", urls: [`https://latent.example/s/${CODE}`] };
    expect(scrubEveryEvent.processEvent(replayEvent)).toEqual({ type: "replay_event", urls: ["https://latent.example/s/[redacted]"] });
  });
});
