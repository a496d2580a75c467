import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to every address it has (the seam tests replace; the default asks the system resolver). */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * Addresses a callback may never reach unless the operator allows private targets: this host, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, multicast, reserved and
 * documentation ranges, and "this network" (0.0.0.0, which Linux connects to as loopback).
 */
const BLOCKED = (() => {
  const list = new BlockList();
  for (const [address, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** Names that are metadata endpoints whatever they resolve to. */
const BLOCKED_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Whether `address` (an IP literal) is one a callback must not reach by default. */
export function isBlockedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  if (version === 4) return BLOCKED.check(address, 'ipv4');
  if (BLOCKED.check(address, 'ipv6')) return true;
  // IPv4-mapped and IPv4-compatible forms reach the IPv4 address they carry.
  const embedded = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? mappedHexToIpv4(address);
  return embedded ? BLOCKED.check(embedded, 'ipv4') : false;
}

/** `::ffff:7f00:1` (how URL parsing writes a mapped address) -> 127.0.0.1. */
function mappedHexToIpv4(address: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return undefined;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export type CallbackTarget =
  | { ok: true; url: URL; hostname: string; address: string; family: 4 | 6 }
  | { ok: false; reason: string };

/**
 * Checks where a callback URL really goes: the host is resolved once, every address it resolves to must be public
 * (unless `allowPrivate`), and the caller then connects to the returned address, never resolving again, so a DNS
 * answer that changes between check and delivery (rebinding) cannot redirect the POST. Numeric host forms
 * (2130706433, 0x7f.1, [::1]) are normalised by the URL parser before the check.
 */
export async function resolveCallbackTarget(
  raw: string,
  options: { allowPrivate: boolean; resolver?: HostResolver },
): Promise<CallbackTarget> {
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return { ok: false, reason: 'not an http(s) URL' };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not allowed' };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  let addresses: { address: string; family: 4 | 6 }[];
  if (literal !== 0) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  else {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (!options.allowPrivate && (BLOCKED_NAMES.has(name) || name === 'localhost' || name.endsWith('.localhost'))) {
      return { ok: false, reason: `${name} is a private or metadata host` };
    }
    try {
      addresses = await (options.resolver ?? systemResolver)(name);
    } catch {
      return { ok: false, reason: `${name} does not resolve` };
    }
    if (addresses.length === 0) return { ok: false, reason: `${name} does not resolve` };
  }
  if (!options.allowPrivate) {
    const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
    if (blocked)
      return {
        ok: false,
        reason: `${hostname} resolves to ${blocked.address}, a private, loopback, link-local or reserved address`,
      };
  }
  const chosen = addresses[0]!;
  return { ok: true, url, hostname, address: chosen.address, family: chosen.family };
}

/** The URL to connect to: the checked address in place of the host name (the Host header keeps the name). */
export function pinnedUrl(target: Extract<CallbackTarget, { ok: true }>): string {
  const pinned = new URL(target.url.href);
  pinned.hostname = target.family === 6 ? `[${target.address}]` : target.address;
  return pinned.href;
}
