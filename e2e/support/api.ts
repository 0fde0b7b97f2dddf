import type { Page } from "@playwright/test";

/** Calls the API as the page's signed-in user, with the access token the web app keeps. */
export function apiAs<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user"));
      const token = key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token : undefined;
      const res = await fetch(path, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, init },
  ) as Promise<T>;
}
