import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (trustProxy: string | undefined) =>
  loadConfig({ JWT_SECRET: 'a-test-secret-of-enough-length-0123456789', TRUST_PROXY: trustProxy }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off unless set, takes a hop count or a list of proxy addresses and ranges', () => {
    expect(load(undefined)).toBe(false);
    expect(load('')).toBe(false);
    expect(load('0')).toBe(false);
    expect(load('1')).toBe(1);
    expect(load('2')).toBe(2);
    expect(load('10.0.0.5, 192.168.0.0/16,fd00::/8 , loopback')).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses a value that would trust every hop or that is not an address', () => {
    for (const value of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '-1', '1.5']) {
      expect(() => load(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});
