import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../shared/api/api-client.ts";
import type { AppServices } from "./app-services.ts";
import { sendFirstRequests } from "./first-requests.ts";

/** Services whose API records the paths it is asked for (and never answers: sent is what matters here). */
function servicesFor(signedIn: boolean) {
  const sent: string[] = [];
  const api = ((path: string) => {
    sent.push(path);
    return new Promise(() => undefined);
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
});
