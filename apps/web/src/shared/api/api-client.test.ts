import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient, sendWithProgress, shareCodeTokens, type TokenSource } from "./api-client.ts";
import { ApiError, NETWORK_ERROR } from "./api-error.ts";

interface Sent {
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake network answering each call with the next response, recording what was sent. */
function fakeFetch(...responses: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ path: String(input), method: init?.method ?? "GET", headers: new Headers(init?.headers), body: init?.body });
    const next = responses.shift();
    if (!next) throw new TypeError("Failed to fetch");
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json = (status: number, body: unknown) => () => Response.json(body, { status });

const userTokens = (renewed: string | null = "fresh"): TokenSource & { renewals: number } => {
  const tokens = {
    renewals: 0,
    accessToken: async () => "stale",
    renewAccessToken: async () => {
      tokens.renewals += 1;
      return renewed;
    },
  };
  return tokens;
};

describe("API client", () => {
  it("sends the API version, the bearer token and a JSON body, and answers the parsed body", async () => {
    const { fetch, sent } = fakeFetch(json(201, { id: "f1" }));
    const api = createApiClient(userTokens(), { fetch });
    await expect(api("/api/film", { method: "POST", json: { brand: "Kodak" } })).resolves.toEqual({ id: "f1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer stale");
    expect(sent[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(sent[0]!.body).toBe('{"brand":"Kodak"}');
  });

  it("sends raw bytes as an octet stream and answers nothing for a 204", async () => {
    const { fetch, sent } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient(userTokens(), { fetch });
    await expect(api("/api/uploads/u/1", { method: "PUT", bytes: new Blob(["abc"]) })).resolves.toBeUndefined();
    expect(sent[0]!.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(sent[0]!.body).toBeInstanceOf(Blob);
  });

  it("answers a Blob when asked for one (a PDF), and still reads a refusal's JSON error", async () => {
    const pdf = () => new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), { status: 200 });
    const { fetch, sent } = fakeFetch(pdf, json(409, { error: "stickers-not-ready", message: "Not paid" }));
    const api = createApiClient(userTokens(), { fetch });
    const blob = await api<Blob>("/api/stickers/sheet?shipment_id=s1&paper=a4", { responseType: "blob" });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe("%PDF-1.7");
    expect(sent[0]!.headers.get("Accept")).toBe("*/*");
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer stale");
    await expect(api("/api/stickers/sheet?shipment_id=s1&paper=a4", { responseType: "blob" })).rejects.toMatchObject({
      status: 409,
      code: "stickers-not-ready",
    });
  });

  it("throws the server's error code, message and field problems as an ApiError", async () => {
    const { fetch } = fakeFetch(json(422, { error: "invalid-new-film", message: "The roll is not valid", fields: { iso: "not valid" } }));
    const failure = await createApiClient(userTokens(), { fetch })("/api/film").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      code: "invalid-new-film",
      message: "The roll is not valid",
      fields: { iso: "not valid" },
    });
  });

  it("reads a code outside the catalogue as internal-error, and a bare 404 as not-found", async () => {
    const { fetch } = fakeFetch(json(400, { error: "no-such-code", message: "?" }), () => new Response("gone", { status: 404 }));
    const api = createApiClient(userTokens(), { fetch });
    await expect(api("/api/a")).rejects.toMatchObject({ status: 400, code: "internal-error" });
    await expect(api("/api/b")).rejects.toMatchObject({ status: 404, code: "not-found" });
  });

  it("throws a network-error ApiError with status 0 when the server cannot be reached", async () => {
    const { fetch } = fakeFetch();
    await expect(createApiClient(userTokens(), { fetch })("/api/user")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("renews a refused token once and sends the call again with the new one", async () => {
    const tokens = userTokens("fresh");
    const { fetch, sent } = fakeFetch(json(401, { error: "token-expired", message: "expired" }), json(200, { user_id: "u1" }));
    await expect(createApiClient(tokens, { fetch })("/api/user")).resolves.toEqual({ user_id: "u1" });
    expect(tokens.renewals).toBe(1);
    expect(sent.map((s) => s.headers.get("Authorization"))).toEqual(["Bearer stale", "Bearer fresh"]);
  });

  it("gives up after one renewal when the new token is refused too", async () => {
    const tokens = userTokens("fresh");
    const refused = json(401, { error: "unauthorized", message: "Invalid session" });
    const { fetch, sent } = fakeFetch(refused, refused, refused);
    await expect(createApiClient(tokens, { fetch })("/api/user")).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    expect(tokens.renewals).toBe(1);
    expect(sent).toHaveLength(2);
  });

  it("does not call again when no new token can be had", async () => {
    const { fetch, sent } = fakeFetch(json(401, { error: "unauthorized", message: "Invalid session" }));
    await expect(createApiClient(userTokens(null), { fetch })("/api/user")).rejects.toMatchObject({ status: 401 });
    expect(sent).toHaveLength(1);
  });

  it("sends a share code as the bearer token and never renews it", async () => {
    const { fetch, sent } = fakeFetch(json(401, { error: "share-expired", message: "The link has expired" }));
    const api = createApiClient(shareCodeTokens("abc123"), { fetch });
    await expect(api("/api/public/film")).rejects.toMatchObject({ status: 401, code: "share-expired" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer abc123");
  });
});

/** Just enough of XMLHttpRequest to answer one request with `status` and `body` after reporting some progress. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  timeout = 0;
  headers: Record<string, string> = {};
  status = 0;
  statusText = "";
  responseText = "";
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.upload.onprogress?.({ loaded: 2 });
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

describe("sending with progress", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses the same headers and error codes as the client, and reports the bytes sent", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: number[] = [];
    const put = (status: number, body: string) => {
      const sent = sendWithProgress("/api/uploads/u/1", { method: "PUT", bytes: new Blob(["abcd"]) }, "token", (n) => progress.push(n));
      FakeXhr.last!.answer(status, body);
      return sent;
    };
    await expect(put(200, '{"part":1,"received":1,"parts":1,"complete":true}')).resolves.toEqual({
      part: 1,
      received: 1,
      parts: 1,
      complete: true,
    });
    expect(FakeXhr.last).toMatchObject({ method: "PUT", url: "/api/uploads/u/1" });
    expect(FakeXhr.last!.headers).toMatchObject({
      authorization: "Bearer token",
      "content-type": "application/octet-stream",
      [API_VERSION_HEADER.toLowerCase()]: API_VERSION,
    });
    expect(progress).toEqual([2]);
    await expect(put(400, '{"error":"upload-part-invalid","message":"wrong size"}')).rejects.toMatchObject({
      status: 400,
      code: "upload-part-invalid",
    });
  });

  it("rejects with an AbortError when cancelled", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const controller = new AbortController();
    const sent = sendWithProgress("/api/uploads/u/1", { method: "PUT", bytes: new Blob(["a"]), signal: controller.signal }, null, () => {});
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: "AbortError" });
  });
});
