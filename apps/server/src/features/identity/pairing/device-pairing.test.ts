import { describe, expect, it } from "vitest";
import { networkOf } from "./device-pairing.ts";

// The network the lrcode page shows for a pending pairing code, and compares with the confirming browser's.
describe("the network of a pairing request", () => {
  it("is the /24 of an IPv4 address, written the same whether or not it came mapped into IPv6", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.114.7")).toBe("203.0.114.0/24");
  });

  it("is the /48 of an IPv6 address, the same for every way of writing it", () => {
    expect(networkOf("2001:db8:1234:5678:9:a:b:c")).toBe("2001:db8:1234::/48");
    expect(networkOf("2001:0db8:0012:0000::1")).toBe("2001:db8:12::/48");
    expect(networkOf("2001:db8:12::ffff")).toBe("2001:db8:12::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("2001:db8:abcd::")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001::5:6:7:8:9:a")).toBe("2001:0:5::/48");
    expect(networkOf("2001:DB8:ABCD::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("::FFFF:203.0.113.7")).toBe("203.0.113.0/24");
  });

  it("takes only ::ffff: addresses for IPv4: an IPv6 address that merely ends in an IPv4 one stays IPv6", () => {
    expect(networkOf("::abcd:203.0.113.7")).toBe("0:0:0::/48");
  });

  it("is unknown without an address or for anything that is not one", () => {
    expect(networkOf(undefined)).toBeNull();
    expect(networkOf(null)).toBeNull();
    expect(networkOf("")).toBeNull();
    expect(networkOf("lightroom.local")).toBeNull();
    expect(networkOf("::ffff:lightroom")).toBeNull();
    expect(networkOf("203.0.113")).toBeNull();
  });
});
