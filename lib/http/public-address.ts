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
  ["64:ff9b::", 96], // NAT64 of any IPv4 address
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

// IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry (a rule for ::ffff:0:0/96
// here would match every IPv4 address: BlockList checks IPv4 against IPv6 rules as mapped).

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, or its hexadecimal form), as IPv4. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (match === null) return null;
  if (match[1] !== undefined) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped !== null) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A URL's host without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Why a URL's host is not public when that shows without a DNS lookup (an address literal, a name
 * of this machine), or null; a name that resolves to a private address is refused on connecting.
 */
export function privateHostProblem(url: URL): string | null {
  const host = bareHost(url).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return `${host} names a machine of a private network`;
  if (isIP(host) !== 0 && !isPublicAddress(host)) return `${host} is not a public internet address`;
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
    if (refused !== undefined) return callback(new PrivateAddressError(`${hostname} resolves to ${refused}, which is not a public internet address`), address, family);
    callback(null, address, family);
  });
};
