import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a request sent on a user's behalf (an alert's webhook) may reach: the public internet
 * only, not this machine, its private networks or its cloud's metadata service (SSRF). The ranges
 * are IANA's special-purpose registries (RFC 6890 and its updates) that no public host has.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata services of clouds
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3], // multicast, reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127], // unspecified and loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

// IPv6 addresses that carry an IPv4 one (mapped, NAT64's well-known prefix, 6to4) are checked as
// that IPv4 address (a rule for ::ffff:0:0/96 here would match every IPv4 address: BlockList
// checks IPv4 against IPv6 rules as mapped).

/** An IPv6 address's eight 16-bit groups, or null when it is not one. */
function groupsOf(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, 2002:aabb:ccdd::), or null. */
function carriedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (g === null) return null;
  const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const carried = carriedIpv4(address);
  if (carried !== null) return isPublicAddress(carried);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A URL's host without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Why a URL's host is not public when that shows without a DNS lookup (an address literal, a name
 * of this machine or of a private network: one without a dot, or under .localhost, .local or
 * .internal), or null; a name that resolves to a private address is refused on connecting.
 */
export function privateHostProblem(url: URL): string | null {
  const host = bareHost(url).toLowerCase().replace(/\.$/, "");
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : `${host} is not a public internet address`;
  if (!host.includes(".") || /\.(localhost|local|internal)$/.test(host)) return `${host} names a machine of a private network`;
  return null;
}

/** A host refused for not being on the public internet: by its name or address, or by what it resolved to. */
export class PrivateAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrivateAddressError";
  }
}

/**
 * A DNS lookup for `http.request` that fails on any address that is not public: the connection
 * goes to the very address checked (no second lookup another answer could change).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, options, (error, address, family) => {
    if (error) return callback(error, address, family);
    const addresses = typeof address === "string" ? [address] : address.map((a) => a.address);
    const refused = addresses.find((a) => !isPublicAddress(a));
    // Not the address itself: the delivery log would map the deployment's internal names.
    if (refused !== undefined) return callback(new PrivateAddressError(`${hostname} resolves to an address that is not on the public internet`), address, family);
    callback(null, address, family);
  });
};
