export interface ColorVariant {
  mainColor?: string;
  buttonBorderedColor?: string;
  promotionalBannerColor?: string;
  mainBackground?: string;
  mainText?: string;
  descriptionText?: string;
}

export interface ColorConfig {
  colorModeType?: 'LIGHT' | 'DARK' | string;
  light?: ColorVariant;
  dark?: ColorVariant;
}

export type ThemeMode = 'light' | 'dark';

export interface ResolvedTheme {
  mode: ThemeMode;
  mainColor: string;
  buttonBorderedColor: string;
  promotionalBannerColor: string;
  mainBackground: string;
  mainText: string;
  descriptionText: string;
  /** cards and sheets */
  surface: string;
  /** text colour readable on mainColor */
  onMainColor: string;
}

const LIGHT_TEXT_ON_MAIN = '#FFFFFF';
const DARK_TEXT_ON_MAIN = '#1C1C1C';

type ThemeDefaults = Omit<ResolvedTheme, 'mode' | 'promotionalBannerColor' | 'onMainColor'>;

// main, button border, backgrounds and texts are the spec's defaults; muted text and surface are ours
export const THEME_DEFAULTS: Record<ThemeMode, ThemeDefaults> = {
  light: {
    mainColor: '#F78700',
    buttonBorderedColor: '#2bbf66',
    mainBackground: '#f5f5f5',
    mainText: '#1C1C1C',
    descriptionText: '#6B6B6B',
    surface: '#FFFFFF',
  },
  dark: {
    mainColor: '#F78700',
    buttonBorderedColor: '#2bbf66',
    mainBackground: '#272524',
    mainText: '#FFFFFF',
    descriptionText: '#C8C8C8',
    surface: '#33302E',
  },
};

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#aabbcc' (the '#' may be missing in stored data); null for anything else. */
export function normalizeHexColor(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX_COLOR.exec(value.trim());
  return match ? `#${match[1]}` : null;
}

function hexToRgb(hex: string): [number, number, number] {
  const normalized = normalizeHexColor(hex);
  if (normalized === null) throw new RangeError(`Not a hex colour: ${hex}`);
  const digits = normalized.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => Number.parseInt(full.slice(index, index + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, from 1 (same colour) to 21 (black on white). */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = relativeLuminance(hexA);
  const b = relativeLuminance(hexB);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function modeOf(colorModeType: string | undefined): ThemeMode {
  const type = colorModeType?.trim().toUpperCase() ?? '';
  return type === '' || type === 'LIGHT' ? 'light' : 'dark';
}

/** The branch colours for the chosen mode, each invalid or missing one replaced by that mode's default. */
export function resolveTheme(colorConfig: ColorConfig | null | undefined): ResolvedTheme {
  const mode = modeOf(colorConfig?.colorModeType);
  const variant = (mode === 'light' ? colorConfig?.light : colorConfig?.dark) ?? {};
  const defaults = THEME_DEFAULTS[mode];
  const pick = (value: string | undefined, fallback: string) => normalizeHexColor(value) ?? fallback;
  const mainColor = pick(variant.mainColor, defaults.mainColor);
  const onMainColor =
    contrastRatio(mainColor, LIGHT_TEXT_ON_MAIN) >= contrastRatio(mainColor, DARK_TEXT_ON_MAIN)
      ? LIGHT_TEXT_ON_MAIN
      : DARK_TEXT_ON_MAIN;
  return {
    mode,
    mainColor,
    buttonBorderedColor: pick(variant.buttonBorderedColor, defaults.buttonBorderedColor),
    promotionalBannerColor: pick(variant.promotionalBannerColor, mainColor),
    mainBackground: pick(variant.mainBackground, defaults.mainBackground),
    mainText: pick(variant.mainText, defaults.mainText),
    descriptionText: pick(variant.descriptionText, defaults.descriptionText),
    surface: defaults.surface,
    onMainColor,
  };
}

export function themeToCssVariables(theme: ResolvedTheme): Record<string, string> {
  return {
    '--color-main': theme.mainColor,
    '--color-on-main': theme.onMainColor,
    '--color-bg': theme.mainBackground,
    '--color-text': theme.mainText,
    '--color-muted': theme.descriptionText,
    '--color-surface': theme.surface,
    '--color-button-border': theme.buttonBorderedColor,
    '--color-promo': theme.promotionalBannerColor,
  };
}
