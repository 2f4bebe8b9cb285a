import { useMemo } from 'react';
import {
  type ColorInputProps,
  createTheme,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  useMantineColorScheme,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
  type MantineThemeColors,
  type MantineThemeOverride,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { brandColor, darkSchemeShade, generateShades, LIGHT_TINT_GRAY, LUMINANCE_THRESHOLD, readableOn } from './brand-colors';
import { useCurrentTriadId } from './current-triad';
import { useDesign } from './design';
import { useDocumentHead } from './document-head';
import { getTokens, readLocal, writeLocal } from './session';
import { useTriad } from './shell-queries';

/** The names of the icon-only controls Mantine draws itself: a pager's arrows, a colour field's eye dropper. */
export type ControlLabels = { pager: Record<'first' | 'previous' | 'next' | 'last', string>; eyeDropper: string };
const CONTROL_LABELS: ControlLabels = {
  pager: { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' },
  eyeDropper: "Prendre une couleur à l'écran",
};

export function buildBrandTheme(principalColor?: string | null, closeLabel = 'Fermer', labels = CONTROL_LABELS): MantineThemeOverride {
  return createTheme({
    colors: { brand: generateShades(principalColor) as unknown as MantineColorsTuple },
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: darkSchemeShade(principalColor) },
    autoContrast: true,
    // Text on a filled colour turns black above this luminance: at Mantine's 0.3 white stayed on
    // colours such as the master's avatar (#da5164, 3.9:1); from 0.18 the chosen text keeps 4.5:1.
    luminanceThreshold: LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Plain objects rather than `Component.extend(...)` (the same object, typed): importing the
    // components here would put them, and what they use, in every first page (decision 034).
    components: {
      Modal: {
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
        // The dialog's close cross too (axe button-name).
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } satisfies Partial<ModalProps>,
      },
      // Every notice's close button gets a name screen readers can announce.
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } satisfies Partial<NotificationProps> },
      // Every pager's arrows too (axe button-name): a page's own getControlProps still wins.
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': labels.pager[control] }),
        } satisfies Partial<PaginationProps>,
      },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': labels.eyeDropper } } satisfies Partial<ColorInputProps> },
    },
  });
}

/**
 * The colours in force: the current triad's course skin (spec 3 §1), else its institution,
 * override the platform design where they set them (spec 1 §1). The triad is only asked for once signed in.
 */
export function useBrandColors(): { principal: string | null; secondary: string | null } {
  const { data: design } = useDesign();
  const triadId = useCurrentTriadId();
  const { data: triad } = useTriad(getTokens() === null ? null : triadId);
  const institution = triad?.training.institution;
  const skin = triad?.trainingCourse.skin;
  return {
    principal: skin?.principalColor || institution?.principalColor || design?.principalColor || null,
    secondary: skin?.secondaryColor || institution?.secondaryColor || design?.secondaryColor || null,
  };
}

/** The brand theme; black until (or unless) the design says otherwise. */
export function useBrandTheme(): MantineThemeOverride {
  const { data: design } = useDesign();
  const { principal } = useBrandColors();
  const { t } = useTranslation();
  const closeLabel = t('close');
  const [first, previous, next, last] = [t('pager.first'), t('pager.previous'), t('pager.next'), t('pager.last')];
  const eyeDropper = t('eyeDropper');
  useDocumentHead(design?.name, design?.favicon);
  return useMemo(
    () => buildBrandTheme(principal, closeLabel, { pager: { first, previous, next, last }, eyeDropper }),
    [principal, closeLabel, first, previous, next, last, eyeDropper],
  );
}

/**
 * The text of disabled fields, darker than Mantine's (gray 5 on gray 2 is 1.9:1), so that it keeps
 * WCAG 1.4.3's 4.5:1 on the disabled background in both schemes; global.css removes the fading.
 */
export const DISABLED_TEXT = { light: 'var(--mantine-color-gray-7)', dark: 'var(--mantine-color-dark-1)' } as const;
/** Dimmed text (tips, descriptions, dates): Mantine's gray 6 on white is 3.3:1, dark 2 on dark 7 4.2:1. */
export const DIMMED_TEXT = { light: 'var(--mantine-color-gray-7)', dark: 'var(--mantine-color-dark-1)' } as const;

/**
 * Mantine's coloured text in the light scheme fails 4.5:1 for most colours: light badges and alerts
 * write shade 9 on shade 1 (green 3.8:1, teal 4.3:1), outline badges and `c="red"` text shade 6 on
 * white (red 3.3:1). Each colour's text, outline and light-variant text is darkened just enough.
 */
export function readableColorVariables(colors: MantineThemeColors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, shades]) => [
      [`--mantine-color-${name}-light-color`, readableOn(shades[9], shades[1])],
      [`--mantine-color-${name}-text`, readableOn(shades[6], LIGHT_TINT_GRAY)],
      [`--mantine-color-${name}-outline`, readableOn(shades[6], LIGHT_TINT_GRAY)],
    ]),
  );
}

/**
 * Exposes the secondary colour as `--lea-secondary` for the pieces that use it, and readable disabled, dimmed and
 * coloured text.
 */
export function useBrandCssVariables(): CSSVariablesResolver {
  const secondary = brandColor(useBrandColors().secondary);
  return useMemo(
    () => (theme) => ({
      variables: { '--lea-secondary': secondary },
      light: {
        ...readableColorVariables(theme.colors),
        // Placeholders (gray 5, 2.1:1 on white) are text too: gray 6 darkened to 4.5:1.
        '--mantine-color-placeholder': readableOn(theme.colors.gray[6], '#ffffff'),
        '--mantine-color-disabled-color': DISABLED_TEXT.light,
        '--mantine-color-dimmed': DIMMED_TEXT.light,
      },
      dark: { '--mantine-color-disabled-color': DISABLED_TEXT.dark, '--mantine-color-dimmed': DIMMED_TEXT.dark },
    }),
    [secondary],
  );
}

/* ---- Theme mode (spec 1 §4.3): light, dark or system, stored locally, light by default. ---- */

export type ThemeMode = 'light' | 'dark' | 'system';
const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

export function readThemeMode(): ThemeMode {
  const stored = typeof localStorage === 'undefined' ? null : readLocal('theme');
  return THEME_MODES.includes(stored as ThemeMode) ? (stored as ThemeMode) : 'light';
}

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return THEME_MODES[(THEME_MODES.indexOf(mode) + 1) % THEME_MODES.length] ?? 'light';
}

const toScheme = (mode: ThemeMode): MantineColorScheme => (mode === 'system' ? 'auto' : mode);
const toMode = (scheme: MantineColorScheme): ThemeMode => (scheme === 'auto' ? 'system' : scheme);

/** Mantine's colour scheme manager on the product's `theme` key, which stores 'system' rather than 'auto'. */
export function themeModeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => (readLocal('theme') === null ? defaultValue : toScheme(readThemeMode())),
    set: (value) => writeLocal('theme', toMode(value)),
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea === localStorage && event.key?.endsWith('theme')) onUpdate(toScheme(readThemeMode()));
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => writeLocal('theme', null),
  };
}

/** The current mode and the toggle that cycles light → dark → system. */
export function useThemeMode(): { mode: ThemeMode; cycleThemeMode: () => void } {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mode = toMode(colorScheme);
  return { mode, cycleThemeMode: () => setColorScheme(toScheme(nextThemeMode(mode))) };
}
