import type { AddressInfo } from 'node:net';

/** Addresses that mean "every interface": the page is then opened on this machine by localhost. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/**
 * The address `npm start` prints once the server listens: the one it is bound to (HOST and the
 * real port), not a guess; an address for every interface is shown as localhost.
 */
export function listenUrl(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return address ?? '';
  if (ANY_ADDRESS.has(address.address)) return `http://localhost:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
