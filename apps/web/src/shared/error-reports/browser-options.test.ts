import type { Breadcrumb, ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { browserOptions, REPLAY_PRIVACY, scrubEnvelope, scrubEveryEvent } from "./browser-options.ts";

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
    // The recorder's own events (its meta event names the page) reach no callback: the envelope is scrubbed as it leaves.
    const events = [{ type: 4, timestamp: 1, data: { href: `https://latent.example/film?code=${CODE}`, width: 390, height: 844 } }];
    const recording = `{"segment_id":0}\n${JSON.stringify(events)}`;
    const headers = { event_id: "e1", sent_at: "now" };
    const replayEvent = { type: "replay_event", urls: ["https://latent.example/film?code=[redacted]"] };
    const envelope = [
      headers,
      [
        [{ type: "replay_event" }, replayEvent],
        [{ type: "replay_recording", length: recording.length }, recording],
      ],
    ];
    const [sentHeaders, [sentEvent, [itemHeaders, sentRecording]]] = scrubEnvelope(envelope as never) as unknown as [
      unknown,
      [unknown, [{ length: number }, string]],
    ];
    expect(sentHeaders).toBe(headers);
    expect(sentEvent).toEqual([{ type: "replay_event" }, replayEvent]);
    expect(sentRecording).toBe(
      `{"segment_id":0}\n${JSON.stringify([{ ...events[0], data: { ...events[0]!.data, href: "https://latent.example/film?code=[redacted]" } }])}`,
    );
    expect(itemHeaders).toEqual({ type: "replay_recording", length: new TextEncoder().encode(sentRecording).length });
    // A compressed recording cannot be read, so it is not sent.
    const compressed = [headers, [[{ type: "replay_recording", length: 3 }, new Uint8Array([1, 2, 3])]]];
    expect(scrubEnvelope(compressed as never)).toEqual([headers, []]);
    // A replay's own event lists the pages visited and skips beforeSend.
    expect(scrubEveryEvent.processEvent({ type: "replay_event", urls: [`https://latent.example/s/${CODE}`] })).toEqual({
      type: "replay_event",
      urls: ["https://latent.example/s/[redacted]"],
    });
  });
});
