import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../shared/api/api-client.ts";
import type { AppServices } from "./app-services.ts";
import { sendFirstRequests, startSharedRoll } from "./first-requests.ts";

const doneShot = (index: number) => ({
  index,
  state: "done",
  width: 6000,
  height: 4000,
  version: { thumbnail_url: `/media/t${index}`, preview_url: `/media/p${index}` },
});

/**
 * Services whose API records the paths it is asked for. It never answers (sent is what matters), unless given
 * answers by path.
 */
function servicesFor(signedIn: boolean, answers: Record<string, unknown> = {}) {
  const sent: string[] = [];
  const api = ((path: string) => {
    sent.push(path);
    return path in answers ? Promise.resolve(answers[path]) : new Promise(() => undefined);
  }) as ApiClient;
  const auth = { isSignedIn: () => signedIn, activeUser: async () => (signedIn ? { access_token: "t" } : null) };
  const services = { auth, api, queryClient: new QueryClient() } as unknown as AppServices;
  return { services, sent };
}

describe("the first requests of a cold page in the user area", () => {
  it("are the profile and the roll on a roll's page, sent before the router is made", async () => {
    const { services, sent } = servicesFor(true);
    await sendFirstRequests(services, "/u/films/roll%2042");
    expect(sent).toEqual(["/api/user", "/api/film/roll%2042"]);
  });

  it("are the profile alone on the area's other pages", async () => {
    const { services, sent } = servicesFor(true);
    await sendFirstRequests(services, "/u/gear/cameras");
    expect(sent).toEqual(["/api/user"]);
  });

  it("are none for a visitor who is not signed in, nor on the public pages", async () => {
    const visitor = servicesFor(false);
    await sendFirstRequests(visitor.services, "/u/films/abc");
    expect(visitor.sent).toEqual([]);
    const user = servicesFor(true);
    await sendFirstRequests(user.services, "/");
    await sendFirstRequests(user.services, "/pricing");
    expect(user.sent).toEqual([]);
  });

  it("are asked for once: the guards and the loader find them in the query cache", async () => {
    const { services, sent } = servicesFor(true);
    await sendFirstRequests(services, "/u/films/abc");
    void services.queryClient.prefetchQuery({ queryKey: ["user"], queryFn: () => services.api("/api/user") });
    expect(sent).toEqual(["/api/user", "/api/film/abc"]);
  });

  it("ask for the first screen's thumbnails once the roll arrives, as its tiles will", async () => {
    const shots = Array.from({ length: 30 }, (_, i) => doneShot(i + 1));
    const { services } = servicesFor(true, { "/api/film/abc": { id: "abc", shots } });
    const preloaded: string[] = [];
    await sendFirstRequests(services, "/u/films/abc", (srcSet) => preloaded.push(srcSet));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded).toHaveLength(8);
    expect(preloaded[0]).toBe("/media/t1 480w, /media/p1 2048w");
    expect(preloaded[7]).toBe("/media/t8 480w, /media/p8 2048w");
  });

  it("ask for no thumbnail when the roll cannot be had, nor off a roll's page", async () => {
    const preloaded: string[] = [];
    const failing = servicesFor(true);
    (failing.services as { api: ApiClient }).api = (async () => {
      throw new Error("not found");
    }) as ApiClient;
    await sendFirstRequests(failing.services, "/u/films/abc", (srcSet) => preloaded.push(srcSet));
    const elsewhere = servicesFor(true, { "/api/user": { id: "u" } });
    await sendFirstRequests(elsewhere.services, "/u/films", (srcSet) => preloaded.push(srcSet));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded).toEqual([]);
  });
});

describe("the first requests of the phone companion, cold", () => {
  const rolls = [
    { id: "r1", cover_url: "/media/c1" },
    { id: "r2", cover_url: null },
    { id: "r3", cover_url: "/media/c3" },
  ];

  it("are the profile, then a photographer's rolls and their covers, on its root and its rolls", async () => {
    for (const path of ["/m", "/m/", "/m/rolls"]) {
      const { services, sent } = servicesFor(true, { "/api/user": { role: "user" }, "/api/film": rolls });
      const preloaded: string[] = [];
      await sendFirstRequests(services, path, (src) => preloaded.push(src));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(sent).toEqual(["/api/user", "/api/film"]);
      expect(preloaded).toEqual(["/media/c1", "/media/c3"]);
    }
  });

  it("are the profile alone for a lab, whose screen lists orders, and on the companion's other screens", async () => {
    const lab = servicesFor(true, { "/api/user": { role: "lab" } });
    await sendFirstRequests(lab.services, "/m/rolls");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lab.sent).toEqual(["/api/user"]);
    const scan = servicesFor(true, { "/api/user": { role: "user" } });
    await sendFirstRequests(scan.services, "/m/scan");
    expect(scan.sent).toEqual([]);
  });
});

describe("a shared roll's page, cold", () => {
  const answer = (shots: unknown[]) =>
    new Response(JSON.stringify({ id: "f", shots, link: {} }), { status: 200, headers: { "content-type": "application/json" } });

  it("asks for the roll with its code at once, then its first screen's thumbnails, and the page's query finds it", async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    const shots = Array.from({ length: 12 }, (_, i) => doneShot(i + 1));
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get("authorization") });
      return answer(shots);
    }) as typeof fetch;
    try {
      const preloaded: string[] = [];
      const handOver = startSharedRoll({ pathname: "/film", search: "?code=abc%20" }, (srcSet) => preloaded.push(srcSet));
      // On its way before any query client (the settings, the texts and the page's code are still loading).
      await vi.waitFor(() => expect(asked).toHaveLength(1));
      expect(asked[0]!.url).toMatch(/\/api\/public\/film$/);
      expect(asked[0]!.authorization).toBe("Bearer abc");
      const queryClient = new QueryClient();
      handOver(queryClient);
      await vi.waitFor(() => expect(queryClient.getQueryData(["public-film", "abc"])).toMatchObject({ id: "f" }));
      expect(preloaded).toHaveLength(8);
      expect(asked).toHaveLength(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("asks for nothing without a code, nor on another page", async () => {
    const realFetch = globalThis.fetch;
    let calls = 0;
    globalThis.fetch = (async () => {
      calls++;
      return answer([]);
    }) as typeof fetch;
    try {
      startSharedRoll({ pathname: "/film", search: "" })(new QueryClient());
      startSharedRoll({ pathname: "/film", search: "?code=%20" })(new QueryClient());
      startSharedRoll({ pathname: "/pricing", search: "?code=abc" })(new QueryClient());
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toBe(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
