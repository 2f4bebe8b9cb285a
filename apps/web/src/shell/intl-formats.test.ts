import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('the shared Intl formatters', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const options = { style: 'percent', maximumFractionDigits: 1 } as const;
    expect(numberFormat('fr-FR', options)).toBe(numberFormat('fr-FR', { ...options }));
    expect(numberFormat('en-GB', options)).not.toBe(numberFormat('fr-FR', options));
    expect(numberFormat('fr-FR', options).format(0.125)).toBe(new Intl.NumberFormat('fr-FR', options).format(0.125));

    const date = new Date('2026-12-07T08:30:00Z');
    const paris = { dateStyle: 'short', timeZone: 'Europe/Paris' } as const;
    expect(dateTimeFormat('fr-FR', paris)).toBe(dateTimeFormat('fr-FR', paris));
    expect(dateTimeFormat('fr-FR', { ...paris, timeZone: 'UTC' })).not.toBe(dateTimeFormat('fr-FR', paris));
    expect(dateTimeFormat('en-GB', paris).format(date)).toBe('07/12/2026');
  });
});
