/** A browser-like client for the identity provider's pages: keeps cookies, follows no redirect by itself. */
/** `forwardedFor`: the client address a proxy names (X-Forwarded-For), for a server started with TRUST_PROXY. */
export function cookieBrowser(base: string, options: { acceptLanguage?: string; userAgent?: string; forwardedFor?: string } = {}) {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url.startsWith("http") ? url : `${base}${url}`, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        "accept-language": options.acceptLanguage ?? "en-US",
        ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
        ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!.trim(), value.join("="));
    }
    return res;
  };
  const form = (url: string, fields: Record<string, string>) =>
    request(url, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  return { request, form };
}
