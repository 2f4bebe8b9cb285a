import { describe, expect, it } from 'vitest';
import { platformBaseUrl } from './platform-url.js';

describe('platformBaseUrl', () => {
  it("writes a platform's links on its own hostname, with PUBLIC_URL's scheme and port", () => {
    expect(platformBaseUrl('https://lea.example.org', 'cfa-nord.example.org')).toBe('https://cfa-nord.example.org');
    expect(platformBaseUrl('http://lea.example.org:8080', 'cfa-nord.example.org')).toBe('http://cfa-nord.example.org:8080');
    expect(platformBaseUrl('https://lea.example.org', 'lea.example.org')).toBe('https://lea.example.org');
  });

  it('keeps PUBLIC_URL for a hostname without a dot (localhost: the demo and the tests)', () => {
    expect(platformBaseUrl('http://localhost:3000', 'localhost')).toBe('http://localhost:3000');
    expect(platformBaseUrl('http://lea.test', 'localhost')).toBe('http://lea.test');
  });
});
