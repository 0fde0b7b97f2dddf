import { describe, expect, it } from "vitest";
import { scrubReport, scrubText } from "./error-reports.ts";

const SHARE_CODE = "q3Zx_8LmPa0-Tr5VbN2kYwE7uHc9JdG4sFi1oKe6RnA";
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwiZW1haWwiOiJhQGIuY28ifQ.c2lnbmF0dXJlLXBhcnQ";
const EMAIL = "Ada.Lovelace+films@example.org";

describe("scrubText", () => {
  it("replaces bearer credentials and tokens", () => {
    expect(scrubText(`Authorization: Bearer ${SHARE_CODE}`)).toBe("Authorization: Bearer [redacted]");
    expect(scrubText(`token ${JWT} refused`)).toBe("token [redacted] refused");
    expect(scrubText(`link ${SHARE_CODE} expired`)).toBe("link [redacted] expired");
  });

  it("replaces a lab's API key and a webhook secret wherever they stand, base64's + and / included", () => {
    expect(scrubText("signing with whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+a/b/c= failed")).toBe("signing with whsec_[redacted] failed");
    expect(scrubText("key latk_0123456789abcdef_q3Zx_8LmPa0-Tr5VbN2kYwE7uHc9JdG4sFi1oKe6Rn refused")).toBe("key latk_[redacted] refused");
  });

  it("replaces emails, plain and percent-encoded", () => {
    expect(scrubText(`no account for ${EMAIL}.`)).toBe("no account for [email].");
    expect(scrubText("/api/x?who=ada%40example.org")).not.toContain("ada");
  });

  it("replaces query values, share paths and token-shaped path segments, keeping the route's words", () => {
    expect(scrubText("https://latent.test/film?code=abc&refresh=1")).toBe("https://latent.test/film?code=[redacted]&refresh=[redacted]");
    expect(scrubText("GET /s/short1 failed")).toBe("GET /s/[redacted] failed");
    expect(scrubText("/sticker/7HX2KQ")).toBe("/sticker/[redacted]");
    expect(scrubText(`/auth/reset/${SHARE_CODE}/confirm`)).toBe("/auth/reset/[redacted]/confirm");
    expect(scrubText("/api/film/3f1c2a4e-0b7d-4c8e-9a6f-1d2e3f4a5b6c/shares")).toBe(
      "/api/film/3f1c2a4e-0b7d-4c8e-9a6f-1d2e3f4a5b6c/shares",
    );
  });

  it("replaces a user's file names but not the code's own files", () => {
    expect(scrubText("could not read grandma birthday_042.JPG")).toBe("could not read grandma [file]");
    expect(scrubText('"Summer in Rome.zip" too large')).toBe('"Summer in [file]" too large');
    expect(scrubText("at handler (/srv/apps/server/src/features/uploads/uploads.service.ts:42:7)")).toBe(
      "at handler (/srv/apps/server/src/features/uploads/uploads.service.ts:42:7)",
    );
  });

  it("keeps an event's hex ids and ordinary words", () => {
    expect(scrubText("9b1deb4d3b7d4bad9bdd2b0d7b3dcb6d")).toBe("9b1deb4d3b7d4bad9bdd2b0d7b3dcb6d");
    expect(scrubText('relation "uploads" does not exist')).toBe('relation "uploads" does not exist');
  });
});

describe("scrubReport", () => {
  const event = {
    event_id: "9b1deb4d3b7d4bad9bdd2b0d7b3dcb6d",
    message: `upload of holiday.tiff by ${EMAIL} failed`,
    user: { id: "user-1", email: EMAIL, ip_address: "203.0.113.9", username: "ada" },
    request: {
      method: "POST",
      url: `https://latent.test/api/film/shot/1/1/upload?code=${SHARE_CODE}`,
      query_string: `code=${SHARE_CODE}`,
      cookies: { session: "s3cr3t" },
      data: '{"file_name":"rome.dng","note":"hello"}',
      headers: {
        Authorization: `Bearer ${JWT}`,
        Cookie: "session=s3cr3t",
        "User-Agent": "Mozilla/5.0",
        "x-latent-dev-secret": "dev",
        "x-forwarded-for": "203.0.113.9",
      },
    },
    exception: {
      values: [{ type: "Error", value: `no share ${SHARE_CODE}`, stacktrace: { frames: [{ function: "begin", vars: { email: EMAIL } }] } }],
    },
    breadcrumbs: [{ category: "fetch", data: { url: `/api/public/film?code=${SHARE_CODE}`, status_code: 500 } }],
    contexts: { trace: { trace_id: "0af7651916cd43dd8448eb211c80319c", data: { "url.full": `https://latent.test/s/${SHARE_CODE}` } } },
  };

  it("leaves no token, share code, email or file name anywhere in the event", () => {
    const text = JSON.stringify(scrubReport(event));
    for (const secret of [SHARE_CODE, JWT, EMAIL, "s3cr3t", "holiday.tiff", "rome.dng", "203.0.113.9", '"dev"']) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps what an operator needs to find the failure", () => {
    const scrubbed = scrubReport(event);
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.user).toEqual({ id: "user-1" });
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://latent.test/api/film/shot/1/1/upload?code=[redacted]",
      headers: { "User-Agent": "Mozilla/5.0" },
    });
    expect(scrubbed.exception.values[0]).toMatchObject({ type: "Error", value: "no share [redacted]" });
    expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).toEqual({ function: "begin" });
    expect(scrubbed.breadcrumbs[0]).toEqual({ category: "fetch", data: { url: "/api/public/film?code=[redacted]", status_code: 500 } });
    expect(scrubbed.contexts.trace.trace_id).toBe(event.contexts.trace.trace_id);
  });

  it("leaves the report it was given untouched", () => {
    const copy = structuredClone(event);
    scrubReport(event);
    expect(event).toEqual(copy);
  });
});
