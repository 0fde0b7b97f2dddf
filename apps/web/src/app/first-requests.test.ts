import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../shared/api/api-client.ts";
import type { AppServices } from "./app-services.ts";
import { sendFirstRequests } from "./first-requests.ts";

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
