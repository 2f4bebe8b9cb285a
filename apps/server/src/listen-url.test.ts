import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenUrl } from './listen-url.js';

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

async function bind(host: string) {
  server = createServer();
  await new Promise<void>((done) => server!.listen(0, host, done));
  return server.address();
}

describe('listenUrl', () => {
  it('prints the address the server is bound to, with its real port', async () => {
    const address = await bind('127.0.0.1');
    expect(listenUrl(address)).toBe(`http://127.0.0.1:${(address as { port: number }).port}`);
  });

  it('shows an address for every interface as localhost', async () => {
    const address = await bind('0.0.0.0');
    expect(listenUrl(address)).toBe(`http://localhost:${(address as { port: number }).port}`);
    expect(listenUrl({ address: '::', family: 'IPv6', port: 8080 })).toBe('http://localhost:8080');
  });

  it('puts an IPv6 address in brackets', () => {
    expect(listenUrl({ address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(listenUrl({ address: '192.168.1.20', family: 'IPv4', port: 3000 })).toBe('http://192.168.1.20:3000');
  });
});
