import { DEFAULT_COLOR } from '@lea/shared/constants';

/**
 * The brand colour's arithmetic (spec 1 §1): shades, contrast and readable text. Plain functions, shared by
 * Mantine's theme (theme.ts) and the sign-in page, which draws without Mantine (decision 034).
 */
const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseHex(color: string): [number, number, number] | null {
  const match = HEX_COLOR.exec(color.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(rgb: [number, number, number], target: number, weight: number): string {
  return toHex(rgb.map((c) => c + (target - c) * weight));
}

/** How far each shade moves toward white (0–5) or black (7–9); shade 6 is the brand colour itself. */
const TOWARD_WHITE = [0.92, 0.8, 0.66, 0.5, 0.34, 0.17];
const TOWARD_BLACK = [0.15, 0.3, 0.45];

/**
 * Mantine's ten shades of one brand colour, lightest first, with the colour itself at index 6
 * (the light scheme's primary shade). An unset or unreadable colour falls back to black (spec 1 §1).
 */
export function generateShades(color: string | null | undefined): string[] {
  const rgb = parseHex(color ?? '') ?? (parseHex(DEFAULT_COLOR) as [number, number, number]);
  return [...TOWARD_WHITE.map((weight) => mix(rgb, 255, weight)), toHex(rgb), ...TOWARD_BLACK.map((weight) => mix(rgb, 0, weight))];
}

/** A usable CSS colour from the design, else the default black. */
export function brandColor(color: string | null | undefined): string {
  const rgb = parseHex(color ?? '');
  return rgb ? toHex(rgb) : DEFAULT_COLOR;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(parseHex(foreground) ?? [0, 0, 0]), luminance(parseHex(background) ?? [0, 0, 0])].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Where white text and black text reach the same contrast (≈ 4.58:1) on a filled colour. */
export const LUMINANCE_THRESHOLD = 0.18;

/** A very dark brand colour (black by default) would vanish on the dark background: a light tint stands in there. */
export function darkSchemeShade(color: string | null | undefined): 2 | 5 {
  return luminance(parseHex(brandColor(color)) ?? [0, 0, 0]) < 0.05 ? 2 : 5;
}

/** WCAG 1.4.3's 4.5:1 for text, with a margin for the rounding of blended colours. */
const TEXT_CONTRAST = 4.6;
/**
 * The darkest light background coloured text meets in the light scheme (gray 2: striped and hovered rows,
 * gray cards, the light tints of the palette's colours, which are no darker).
 */
export const LIGHT_TINT_GRAY = '#e9ecef';

/** The colour, darkened toward black by steps, until it reaches the text contrast on the background. */
export function readableOn(color: string, background: string): string {
  const rgb = parseHex(color);
  if (!rgb || contrastRatio(color, background) >= TEXT_CONTRAST) return color;
  for (let weight = 0.05; weight < 1; weight += 0.05) {
    const candidate = mix(rgb, 0, weight);
    if (contrastRatio(candidate, background) >= TEXT_CONTRAST) return candidate;
  }
  return '#000000';
}

/** The text on a filled colour: black above the luminance threshold, else white (Mantine's autoContrast, theme.ts). */
export function textOn(color: string): string {
  return luminance(parseHex(color) ?? [0, 0, 0]) > LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
}
