import { describe, expect, it, beforeEach } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DEFAULT_THEME, getContrastColor, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { AVATAR_COLORS } from '@lea/shared';
import { brandColor, contrastRatio, darkSchemeShade, generateShades, LUMINANCE_THRESHOLD } from './brand-colors';
import { buildBrandTheme, DIMMED_TEXT, DISABLED_TEXT, nextThemeMode, readThemeMode, themeModeManager, useThemeMode } from './theme';

describe('generateShades', () => {
  it('falls back to black when no colour is configured', () => {
    for (const missing of [undefined, null, '', 'not-a-colour']) {
      const shades = generateShades(missing);
      expect(shades).toHaveLength(10);
      expect(shades[6]).toBe('#000000');
      expect(shades[9]).toBe('#000000');
    }
    expect(brandColor(null)).toBe('#000000');
  });

  it('keeps the brand colour at index 6 with lighter then darker shades around it', () => {
    const shades = generateShades('#1e6fd9');
    expect(shades[6]).toBe('#1e6fd9');
    const brightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i += 1) expect(brightness(shades[i]!)).toBeLessThan(brightness(shades[i - 1]!));
  });

  it('reads short hex colours', () => {
    expect(generateShades('#f00')[6]).toBe('#ff0000');
  });

  it('uses a light tint of a very dark brand colour in the dark scheme', () => {
    expect(darkSchemeShade('#000000')).toBe(2);
    expect(darkSchemeShade('#1e6fd9')).toBe(5);
    expect(buildBrandTheme(null).primaryColor).toBe('brand');
  });
});

describe('theme mode', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to light and cycles light → dark → system → light', () => {
    expect(readThemeMode()).toBe('light');
    expect(nextThemeMode('light')).toBe('dark');
    expect(nextThemeMode('dark')).toBe('system');
    expect(nextThemeMode('system')).toBe('light');
  });

  function ModeButton() {
    const { mode, cycleThemeMode } = useThemeMode();
    return <button onClick={cycleThemeMode}>{mode}</button>;
  }

  it('stores each mode under the product key through the colour scheme manager', () => {
    render(
      <MantineProvider colorSchemeManager={themeModeManager()} defaultColorScheme="light">
        <ModeButton />
      </MantineProvider>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('light');
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      act(() => button.click());
      seen.push(localStorage.getItem('lea_theme'));
    }
    expect(seen).toEqual(['dark', 'system', 'light']);
    expect(button.textContent).toBe('light');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('starts from the stored mode', () => {
    localStorage.setItem('lea_theme', 'dark');
    render(
      <MantineProvider colorSchemeManager={themeModeManager()} defaultColorScheme="light">
        <ModeButton />
      </MantineProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});

describe('text on filled colours', () => {
  it('keeps 4.5:1 on the avatar colours of every profile with the text autoContrast picks', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildBrandTheme('#1c7ed6'));
    expect(theme.luminanceThreshold).toBe(LUMINANCE_THRESHOLD);
    for (const color of Object.values(AVATAR_COLORS)) {
      const text = getContrastColor({ color, theme, autoContrast: true }) === 'var(--mantine-color-black)' ? '#000000' : '#ffffff';
      expect(contrastRatio(text, color), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('disabled fields', () => {
  /** A Mantine palette variable as its colour: 'var(--mantine-color-gray-7)' → gray[7]. */
  const resolve = (variable: string) => {
    const [, name = '', shade = ''] = /--mantine-color-(\w+)-(\d)/.exec(variable) ?? [];
    return DEFAULT_THEME.colors[name]?.[Number(shade)] ?? '';
  };

  it("keep at least 4.5:1 between their text and Mantine's disabled background, in both schemes", () => {
    const { gray, dark } = DEFAULT_THEME.colors;
    // Mantine's own pair, the cause of issue 11 §1.
    expect(contrastRatio(gray[5], gray[2])).toBeLessThan(2);
    expect(contrastRatio(resolve(DISABLED_TEXT.light), gray[2])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(resolve(DISABLED_TEXT.dark), dark[6])).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text keeps 4.5:1 on the page and on light cards, in both schemes', () => {
    const { gray, dark } = DEFAULT_THEME.colors;
    expect(contrastRatio(gray[6], DEFAULT_THEME.white)).toBeLessThan(4.5);
    for (const background of [DEFAULT_THEME.white, gray[0], gray[1]])
      expect(contrastRatio(resolve(DIMMED_TEXT.light), background)).toBeGreaterThanOrEqual(4.5);
    for (const background of [dark[7], dark[6], dark[5]])
      expect(contrastRatio(resolve(DIMMED_TEXT.dark), background)).toBeGreaterThanOrEqual(4.5);
  });
});
