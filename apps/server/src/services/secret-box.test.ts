import { createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.js';

const key = createSecretKey(Buffer.from('server-secret-one-server-secret-one'));
const other = createSecretKey(Buffer.from('server-secret-two-server-secret-two'));

describe('secret box', () => {
  it('seals a secret that only the same server secret and purpose open, differently each time', () => {
    const sealed = sealSecret(key, 'oidc-client-secret', 'très secret');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('secret');
    expect(sealSecret(key, 'oidc-client-secret', 'très secret')).not.toBe(sealed);
    expect(openSecret(key, 'oidc-client-secret', sealed)).toBe('très secret');
    expect(openSecret(other, 'oidc-client-secret', sealed)).toBeNull();
    expect(openSecret(key, 'another-purpose', sealed)).toBeNull();
  });

  it('refuses an altered, truncated or foreign value instead of throwing', () => {
    const sealed = sealSecret(key, 'p', 'value');
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    for (const value of [flipped, sealed.slice(0, 10), 'v1.', 'plain-text', '']) expect(openSecret(key, 'p', value)).toBeNull();
  });
});
