import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { loggedUrl, loggerOptions, pathOf, redactSecrets, requestIdOf } from "./request-log.ts";

const tty = process.stdout.isTTY;
const setTty = (value: boolean) => Object.defineProperty(process.stdout, "isTTY", { value, configurable: true });

describe("the log's shape", () => {
  afterEach(() => setTty(tty));

  it("is readable in a terminal (pino-pretty, which the server can load) and JSON lines anywhere else", () => {
    setTty(true);
    const pretty = loggerOptions("info") as { transport?: { target: string } };
    expect(pretty.transport?.target).toBe("pino-pretty");
    expect(() => createRequire(import.meta.url).resolve("pino-pretty")).not.toThrow();
    setTty(false);
    expect((loggerOptions("info") as { transport?: unknown }).transport).toBeUndefined();
    // A stream given (tests) always takes the JSON lines.
    setTty(true);
    expect((loggerOptions("info", { write: () => undefined }) as { transport?: unknown }).transport).toBeUndefined();
  });

  it("drops query strings and keeps only plain request ids", () => {
    expect(pathOf("/film?code=secret")).toBe("/film");
    expect(requestIdOf({ headers: { "x-request-id": "edge-7f3a" } })).toBe("edge-7f3a");
    const injected = requestIdOf({ headers: { "x-request-id": "x\nlevel=60" } });
    expect(injected).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps record ids and route words in a URL and hides its secret parameters", () => {
    const film = "0b6f3c1e-5a4d-4f7e-9c2b-1d8e7a6f5c4b";
    expect(loggedUrl({ url: `/api/film/${film}/download?x=1` })).toBe(`/api/film/${film}/download`);
    expect(loggedUrl({ url: "/auth/reset/short", routeOptions: { url: "/auth/reset/:token" } })).toBe("/auth/reset/:token");
    expect(loggedUrl({ url: `/api/film/${film}`, routeOptions: { url: "/api/film/:id" } })).toBe(`/api/film/${film}`);
    expect(loggedUrl({ url: "/api/account-security-settings/x" })).toBe("/api/account-security-settings/x");
    expect(loggedUrl({ url: "/assets/index-B3x9kQ2aZ7pLm.js" })).toBe("/assets/index-B3x9kQ2aZ7pLm.js");
    expect(redactSecrets(`GET /s/AbCdEfGhIjKlMnOpQr?code=abc&lang=en ${film}`)).toBe(
      `GET /s/[redacted]?code=[redacted]&lang=[redacted] ${film}`,
    );
  });

  it("hides a lab's API key and a webhook signing secret wherever a line holds them", () => {
    const key = "latk_abcdefghijklmn23_Q2hhbmdlIG1lIHRvIGEgcmFuZG9tIHZhbHVlIG5vdy4xMjM";
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    expect(redactSecrets(`header was "Bearer ${key}", signed with ${secret}.`)).toBe(
      `header was "Bearer latk_[redacted]", signed with whsec_[redacted].`,
    );
  });
});
