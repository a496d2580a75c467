import { BlockList, isIP } from 'node:net';

/** `entry` as a BlockList subnet: an address (a /32 or /128) or `address/prefix`; undefined when malformed. */
export function parseCidr(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const maximum = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? maximum : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > maximum ||
    (prefixText !== undefined && !/^\d+$/.test(prefixText))
  )
    return undefined;
  return { address, prefix, family };
}

/** The settings' entries that are not an IP or CIDR, for config validation. */
export function invalidProxyEntries(trusted: readonly string[]): string[] {
  return trusted.filter((entry) => !parseCidr(entry));
}

// Lists are short and fixed at start-up; one BlockList per distinct list avoids rebuilding it per request.
const compiled = new Map<string, BlockList>();

function blockListOf(trusted: readonly string[]): BlockList {
  const cacheKey = trusted.join(',');
  let list = compiled.get(cacheKey);
  if (!list) {
    list = new BlockList();
    for (const entry of trusted) {
      const cidr = parseCidr(entry);
      if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
    }
    if (compiled.size > 32) compiled.clear();
    compiled.set(cacheKey, list);
  }
  return list;
}

/**
 * Whether `peer` (the TCP peer address) is one of the configured reverse proxies (RECITE_TRUSTED_PROXIES), so that
 * headers it adds (X-Forwarded-For, X-Request-Id) can be believed. IPv4-mapped IPv6 peers (`::ffff:10.0.0.1`) match
 * IPv4 entries. An unknown peer or an empty list trusts nothing.
 */
export function isTrustedProxy(peer: string | undefined, trusted: readonly string[]): boolean {
  if (!peer || trusted.length === 0) return false;
  const address = peer.replace(/^\[|\]$/g, '');
  const version = isIP(address);
  if (version === 0) return false;
  const list = blockListOf(trusted);
  if (list.check(address, version === 4 ? 'ipv4' : 'ipv6')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? list.check(mapped[1]!, 'ipv4') : false;
}
