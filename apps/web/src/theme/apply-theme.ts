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

/** A font family name from the branch config, quoted and followed by the system stack. */
function fontStack(fontFamily: string | undefined): string | null {
  const name = fontFamily?.trim().replace(/["';{}]/g, '');
  return name ? `"${name}", var(--font-system)` : null;
}

function cssVariablesOf(theme: ResolvedTheme, fontFamily: string | undefined): Record<string, string> {
  const variables: Record<string, string> = {
    ...themeToCssVariables(theme),
    '--color-on-promo': readableOn(theme.promotionalBannerColor),
  };
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
