import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "../../../platform/http/app-error.ts";

/** Where a delivery connects: the URL, and the one address that was checked (connecting elsewhere is never done). */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver, as any HTTP client would). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Whether an address may be called: only public unicast, in IPv4 and IPv6. ipaddr.js names every special range
 * (private, loopback, link-local with the cloud metadata address, carrier-grade NAT, multicast, unspecified,
 * reserved, NAT64, 6to4, Teredo, unique-local…); an IPv4-mapped IPv6 address is judged as the IPv4 it carries.
 */
function rangeOf(address: string): string {
  return ipaddr.process(address).range();
}

const refuse = (message: string) => new AppError("webhook-url-not-allowed", message);

/**
 * The address a webhook may be sent to, checked (SSRF): https only, and a host whose every address is public. With
 * `allowLoopback` (tests and development only) a loopback host may be called, over http too. Checked when an
 * endpoint is saved (a clear 400) and again before every attempt, whose connection goes to the address checked here,
 * so a DNS answer that changes between the check and the call (rebinding) cannot point it inward.
 */
export async function checkWebhookTarget(raw: string, allowLoopback: boolean, resolve: Resolve = systemResolve): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("This is not a URL: write the whole address, starting with https://");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("Only https addresses can receive webhooks");
  if (url.protocol === "http:" && !allowLoopback) throw refuse("Only https addresses can receive webhooks");
  if (url.username || url.password) throw refuse("Put no user name or password in the address: verify the signature instead");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw refuse(`The host ${host} could not be found`);
    }
  }
  if (!addresses.length) throw refuse(`The host ${host} could not be found`);
  const ranges = addresses.map((a) => ({ ...a, range: rangeOf(a.address) }));
  const loopback = ranges.every((a) => a.range === "loopback");
  const bad = ranges.find((a) => a.range !== "unicast" && !(allowLoopback && a.range === "loopback"));
  if (bad) {
    throw refuse(
      `Latent cannot call ${host === bad.address ? bad.address : `${host} (${bad.address})`}: it is a ${bad.range} address, not a public one`,
    );
  }
  if (url.protocol === "http:" && !(allowLoopback && loopback)) throw refuse("Only https addresses can receive webhooks");
  const chosen = ipaddr.process(ranges[0]!.address);
  return { url, address: chosen.toString(), family: chosen.kind() === "ipv6" ? 6 : 4 };
}
