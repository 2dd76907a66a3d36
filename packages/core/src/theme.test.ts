import { describe, expect, it } from 'vitest';
import { contrastRatio, normalizeHexColor, resolveTheme, themeToCssVariables } from './theme.ts';

describe('theme', () => {
  it('falls back to the spec defaults in light mode when a branch has no colours', () => {
    for (const config of [null, undefined, {}]) {
      expect(resolveTheme(config)).toEqual({
        mode: 'light',
        mainColor: '#F78700',
        buttonBorderedColor: '#2bbf66',
        promotionalBannerColor: '#F78700',
        mainBackground: '#f5f5f5',
        mainText: '#1C1C1C',
        descriptionText: '#6B6B6B',
        surface: '#FFFFFF',
        onMainColor: '#1C1C1C',
      });
    }
  });

  it('uses the dark variant and dark defaults for any mode type other than LIGHT', () => {
    const theme = resolveTheme({
      colorModeType: 'DARK',
      light: { mainBackground: '#ffffff' },
      dark: { mainColor: '#123456' },
    });
    expect(theme).toMatchObject({
      mode: 'dark',
      mainColor: '#123456',
      promotionalBannerColor: '#123456',
      mainBackground: '#272524',
      mainText: '#FFFFFF',
      descriptionText: '#C8C8C8',
      surface: '#33302E',
    });
    expect(resolveTheme({ colorModeType: 'OTHER' }).mode).toBe('dark');
  });

  it('uses the light variant for LIGHT and for a missing or empty mode type', () => {
    const light = { mainColor: '#0055aa', promotionalBannerColor: '#ff0000' };
    expect(resolveTheme({ colorModeType: 'LIGHT', light })).toMatchObject({
      mode: 'light',
      mainColor: '#0055aa',
      promotionalBannerColor: '#ff0000',
    });
    expect(resolveTheme({ light }).mode).toBe('light');
    expect(resolveTheme({ colorModeType: '', light }).mode).toBe('light');
  });

  it('replaces invalid hex values with the defaults', () => {
    const theme = resolveTheme({
      colorModeType: 'LIGHT',
      light: { mainColor: 'orange', mainText: '#12345', mainBackground: '#GGGGGG', buttonBorderedColor: '' },
    });
    expect(theme.mainColor).toBe('#F78700');
    expect(theme.mainText).toBe('#1C1C1C');
    expect(theme.mainBackground).toBe('#f5f5f5');
    expect(theme.buttonBorderedColor).toBe('#2bbf66');
  });

  it('accepts short hex and hex stored without the hash', () => {
    expect(normalizeHexColor('fff')).toBe('#fff');
    expect(normalizeHexColor(' #A1B2C3 ')).toBe('#A1B2C3');
    expect(normalizeHexColor('#abcd')).toBeNull();
    expect(resolveTheme({ light: { mainColor: '00ff00' } }).mainColor).toBe('#00ff00');
  });

  it('puts dark text on a light main colour and white text on a dark one', () => {
    expect(resolveTheme({ light: { mainColor: '#F78700' } }).onMainColor).toBe('#1C1C1C');
    expect(resolveTheme({ light: { mainColor: '#ffff00' } }).onMainColor).toBe('#1C1C1C');
    expect(resolveTheme({ light: { mainColor: '#1a237e' } }).onMainColor).toBe('#FFFFFF');
    expect(resolveTheme({ light: { mainColor: '#c62828' } }).onMainColor).toBe('#FFFFFF');
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(() => contrastRatio('red', '#fff')).toThrow(RangeError);
  });

  it('exposes the theme as CSS custom properties', () => {
    expect(themeToCssVariables(resolveTheme({ colorModeType: 'DARK' }))).toEqual({
      '--color-main': '#F78700',
      '--color-on-main': '#1C1C1C',
      '--color-bg': '#272524',
      '--color-text': '#FFFFFF',
      '--color-muted': '#C8C8C8',
      '--color-surface': '#33302E',
      '--color-button-border': '#2bbf66',
      '--color-promo': '#F78700',
    });
  });
});
