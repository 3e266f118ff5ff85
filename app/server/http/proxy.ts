// Which hops of X-Forwarded-For the app believes (TRUST_PROXY, parsed in config.ts), as
// Express's "trust proxy" setting. A list names the proxies: only those addresses are
// believed. A count N believes N hops, and only hops on loopback or a private network: a
// reverse proxy lives there, so a client reaching the app straight from the internet (a
// firewall left open) cannot pass off the header it wrote as a proxy's.
import net from "node:net";

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, "ipv6");
}

/** Loopback or a private network (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(address: string): boolean {
  const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = net.isIPv4(plain) ? "ipv4" : net.isIPv6(plain) ? "ipv6" : null;
  return family !== null && PRIVATE.check(plain, family);
}

/** Express's "trust proxy" value for TRUST_PROXY: nothing, N private hops, or the listed proxies. */
export function trustProxySetting(trust: number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust === 0) return false;
  return (address, hop) => hop < trust && isPrivateAddress(address);
}
