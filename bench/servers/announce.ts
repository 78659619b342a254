import type { AddressInfo } from 'node:net';

/** Tells the benchmark runner the server is ready, and on which port. */
export function announce(address: AddressInfo | string | null): void {
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  process.stdout.write(`READY ${address.port}\n`);
}
