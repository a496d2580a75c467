/** The peer address of each request, recorded by the server's fetch wrapper (Bun.serve knows it; Request does not). */
const addresses = new WeakMap<Request, string>();

export function recordClientAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address);
}

export function clientAddress(request: Request): string {
  return addresses.get(request) ?? 'unknown';
}
