import { isIP } from 'node:net';
import { isTrustedProxy } from './trusted-proxies.ts';

/** The client address of each request, recorded by the server's fetch wrapper (Bun.serve knows the peer; Request does not). */
const addresses = new WeakMap<Request, string>();
/** Requests whose TCP peer is a configured trusted proxy (whose X-Request-Id and X-Forwarded-For are believed). */
const viaTrustedProxy = new WeakSet<Request>();

/**
 * Records the client address of `request`. The TCP peer is the client unless it is a configured trusted proxy; then
 * X-Forwarded-For is read from the right, skipping further trusted proxies, and the first other address is the client.
 * A header from an untrusted peer is ignored, so nobody can pick their own address (and dodge or aim a throttle).
 */
export function recordClientAddress(
  request: Request,
  peer: string | undefined,
  trustedProxies: readonly string[] = [],
): void {
  let address = peer;
  if (peer && isTrustedProxy(peer, trustedProxies)) {
    viaTrustedProxy.add(request);
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim().replace(/^\[|\]$/g, ''))
      .filter((hop) => isIP(hop) !== 0);
    for (let index = hops.length - 1; index >= 0; index--) {
      address = hops[index];
      if (!isTrustedProxy(address, trustedProxies)) break;
    }
  }
  if (address) addresses.set(request, address);
}

export function clientAddress(request: Request): string {
  return addresses.get(request) ?? 'unknown';
}

/** Whether the request reached us through a configured trusted proxy. */
export function cameThroughTrustedProxy(request: Request): boolean {
  return viaTrustedProxy.has(request);
}
