import { contrastRatio, type ResolvedTheme, resolveTheme, themeToCssVariables } from '@comanda/core';
import type { Branch } from '@comanda/core/contract';
import { useLayoutEffect, useMemo } from 'react';

const TEXT_LIGHT = '#FFFFFF';
const TEXT_DARK = '#1C1C1C';

/** Text colour readable on a background: white or near-black, whichever contrasts more. */
export function readableOn(background: string): string {
  return contrastRatio(background, TEXT_LIGHT) >= contrastRatio(background, TEXT_DARK)
    ? TEXT_LIGHT
    : TEXT_DARK;
}

/** WCAG AA for normal-size text. */
const MIN_TEXT_CONTRAST = 4.5;

function toRgb(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The background, darkened (under light text) or lightened (under dark text) just enough for the text
 * to reach AA. Brand colours such as #00897B fail 4.5:1 with both white and black by a little.
 */
export function withTextContrast(background: string, text: string): string {
  const towards = text.toUpperCase() === TEXT_LIGHT ? [0, 0, 0] : [255, 255, 255];
  const start = toRgb(background);
  for (let step = 0; step <= 10; step++) {
    const mixed = toHex(start.map((channel, i) => channel + ((towards[i] ?? 0) - channel) * (step / 20)));
    if (contrastRatio(mixed, text) >= MIN_TEXT_CONTRAST) return mixed;
  }
  return toHex(towards);
}

/** A font family name from the branch config, quoted and followed by the system stack. */
function fontStack(fontFamily: string | undefined): string | null {
  const name = fontFamily?.trim().replace(/["';{}]/g, '');
  return name ? `"${name}", var(--font-system)` : null;
}

function cssVariablesOf(theme: ResolvedTheme, fontFamily: string | undefined): Record<string, string> {
  const variables: Record<string, string> = {
    ...themeToCssVariables(theme),
    '--color-on-promo': readableOn(theme.promotionalBannerColor),
    '--color-main-strong': withTextContrast(theme.mainColor, theme.onMainColor),
  };
  variables['--color-promo'] = withTextContrast(
    theme.promotionalBannerColor,
    variables['--color-on-promo'] ?? TEXT_LIGHT,
  );
  const font = fontStack(fontFamily);
  if (font) variables['--font-family'] = font;
  return variables;
}

function setThemeColorMeta(color: string) {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = color;
}

/**
 * Puts the branch colours (or the spec defaults while no branch is known) on <html> as CSS variables,
 * so every screen, modal and toast follows the white-label theme.
 */
export function useBranchTheme(branch: Branch | null | undefined): ResolvedTheme {
  const colorConfig = branch?.generalConfig.colorConfig;
  const fontFamily = branch?.generalConfig.fontFamily;
  const theme = useMemo(() => resolveTheme(colorConfig), [colorConfig]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const variables = cssVariablesOf(theme, fontFamily);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.dataset.theme = theme.mode;
    setThemeColorMeta(theme.mainColor);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
      delete root.dataset.theme;
    };
  }, [theme, fontFamily]);

  return theme;
}
