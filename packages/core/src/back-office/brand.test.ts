import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../theme.ts';
import {
  BRAND_FONT_FAMILIES,
  brandChangeSummary,
  brandContrastChecks,
  brandContrastProblems,
  formatContrastRatio,
  isBrandColor,
  isBrandFontFamily,
  isBrandImageUrl,
  normalizeSocialAccount,
  resolveBrandColors,
  showsPoweredBy,
} from './brand.ts';

const DON_MATEO = {
  light: {
    mainColor: '#C62828',
    buttonBorderedColor: '#C62828',
    promotionalBannerColor: '#8E1B1B',
    mainBackground: '#FFF8F1',
    mainText: '#1C1C1C',
    descriptionText: '#5C5248',
  },
  dark: {
    mainColor: '#EF5350',
    buttonBorderedColor: '#EF5350',
    promotionalBannerColor: '#8E1B1B',
    mainBackground: '#272524',
    mainText: '#FFFFFF',
    descriptionText: '#C9C1B8',
  },
};

describe('brand colours', () => {
  it('takes #RRGGBB and nothing else', () => {
    expect(isBrandColor('#C62828')).toBe(true);
    expect(isBrandColor('#c62828')).toBe(true);
    for (const bad of ['C62828', '#C628', '#abc', '#C62828FF', 'red', '#GG0000', '', null, 12])
      expect(isBrandColor(bad)).toBe(false);
  });

  it('starts the editor from the colours diners see, defaults filled and spelt #RRGGBB', () => {
    const colors = resolveBrandColors({
      colorModeType: 'LIGHT',
      light: { mainColor: 'c62', mainText: 'nope' },
    });
    expect(colors.light).toEqual({
      mainColor: '#CC6622',
      buttonBorderedColor: '#2BBF66',
      promotionalBannerColor: '#CC6622',
      mainBackground: '#F5F5F5',
      mainText: '#1C1C1C',
      descriptionText: '#6B6B6B',
    });
    expect(colors.dark.mainBackground).toBe('#272524');
    expect(resolveBrandColors(DON_MATEO)).toEqual(DON_MATEO);
  });
});

describe('brand contrast', () => {
  it('finds nothing wrong with colours that read well', () => {
    expect(brandContrastProblems(DON_MATEO)).toEqual([]);
    expect(brandContrastProblems({})).toEqual([]);
    expect(brandContrastChecks(DON_MATEO)).toHaveLength(6);
  });

  it('refuses main and description text that do not read on the background, with the ratio', () => {
    const light = {
      ...DON_MATEO.light,
      mainBackground: '#FFFFFF',
      mainText: '#AAAAAA',
      descriptionText: '#CCCCCC',
    };
    expect(brandContrastProblems({ ...DON_MATEO, light })).toEqual([
      {
        path: 'light.mainText',
        message:
          'En el modo claro, el texto principal no se lee bien sobre el fondo (contraste 2,3:1; hace falta 4,5:1).',
      },
      {
        path: 'light.descriptionText',
        message:
          'En el modo claro, el texto de las descripciones no se lee bien sobre el fondo (contraste 1,6:1; hace falta 4,5:1).',
      },
    ]);
  });

  it('checks the buttons with the text colour the storefront puts on the main colour', () => {
    // #00897B is a little too light for white and too dark for near-black: 4,3:1 at best
    const dark = { ...DON_MATEO.dark, mainColor: '#00897B' };
    expect(brandContrastProblems({ ...DON_MATEO, dark })).toEqual([
      {
        path: 'dark.mainColor',
        message:
          'En el modo oscuro, el texto de los botones no se lee bien sobre el color principal (contraste 4,3:1; hace falta 4,5:1).',
      },
    ]);
    const [button] = brandContrastChecks({ light: { mainColor: '#FFEB3B' } }).filter(
      (check) => check.pair === 'buttonText',
    );
    expect(button).toMatchObject({ foreground: '#1C1C1C', background: '#FFEB3B', ok: true, message: null });
  });

  it('judges the colours the storefront would show when one is missing or broken', () => {
    // a broken main text falls back to the default #1C1C1C, which reads on the light background
    expect(brandContrastProblems({ light: { mainText: 'oops', mainBackground: '#FFFFFF' } })).toEqual([]);
    expect(brandContrastProblems({ dark: { mainBackground: '#FFFFFF' } }).map((p) => p.path)).toEqual([
      'dark.mainText',
      'dark.descriptionText',
    ]);
  });

  it('shows a ratio with one decimal, cut down so a failing pair never reads 4,5', () => {
    expect(formatContrastRatio(4.4999)).toBe('4,4');
    expect(formatContrastRatio(4.5)).toBe('4,5');
    expect(formatContrastRatio(21)).toBe('21,0');
    expect(formatContrastRatio(contrastRatio('#777777', '#FFFFFF'))).toBe('4,4');
  });
});

describe('brand fonts, images and accounts', () => {
  it('offers only fonts the storefront can show without downloading one', () => {
    expect(BRAND_FONT_FAMILIES).toContain('Georgia');
    expect(isBrandFontFamily('Georgia')).toBe(true);
    expect(isBrandFontFamily('Poppins')).toBe(false);
    expect(isBrandFontFamily('Georgia, serif')).toBe(false);
  });

  it('takes uploaded photos, the demo’s and https addresses only', () => {
    for (const good of [
      '/files/photos/abc123.webp',
      '/demo/donmateo.svg',
      'https://cdn.example.com/logo.png',
      'https://fotos.comanda.ar/a/b.webp?v=2',
    ])
      expect(isBrandImageUrl(good), good).toBe(true);
    for (const bad of [
      'http://cdn.example.com/logo.png',
      '//evil.example.com/logo.png',
      'javascript:alert(1)',
      '/files/../secret',
      '/api/console/brand',
      'https://localhost/logo.png',
      'https://user:pass@example.com/logo.png',
      '/files/a b.webp',
      `https://example.com/${'a'.repeat(500)}`,
    ])
      expect(isBrandImageUrl(bad), bad).toBe(false);
  });

  it('keeps a social account as its name, however it is typed', () => {
    const cases: [string, string | null][] = [
      ['@pizzeriadonmateo', 'pizzeriadonmateo'],
      ['pizzeria.donmateo', 'pizzeria.donmateo'],
      ['https://www.instagram.com/pizzeriadonmateo/?hl=es', 'pizzeriadonmateo'],
      ['instagram.com/pizzeriadonmateo', 'pizzeriadonmateo'],
      ['  ', null],
    ];
    for (const [typed, kept] of cases) expect(normalizeSocialAccount('instagram', typed), typed).toBe(kept);
    expect(normalizeSocialAccount('instagram', null)).toBeNull();
    expect(normalizeSocialAccount('facebook', 'https://m.facebook.com/pizzeriadonmateo')).toBe(
      'pizzeriadonmateo',
    );
    expect(normalizeSocialAccount('facebook', 'https://www.facebook.com/profile.php?id=1000123')).toBe(
      'https://www.facebook.com/profile.php?id=1000123',
    );
  });

  it('refuses what is not an account of that network', () => {
    for (const bad of [
      'pizzería don mateo',
      'https://www.facebook.com/donmateo',
      'https://evil.com/x',
      'a'.repeat(31),
    ])
      expect(normalizeSocialAccount('instagram', bad), bad).toBeUndefined();
    for (const bad of ['https://www.instagram.com/donmateo', 'https://www.facebook.com/groups/123', 'x'])
      expect(normalizeSocialAccount('facebook', bad), bad).toBeUndefined();
  });
});

describe('the brand change log and the footer', () => {
  it('says what a save changed, in the editor’s order', () => {
    expect(brandChangeSummary(['logo', 'colors'])).toBe('Cambió la marca: colores y logo.');
    expect(brandChangeSummary(['banner', 'colors', 'logo', 'poweredBy'])).toBe(
      'Cambió la marca: colores, logo, banner y "Hecho con Comanda".',
    );
    expect(brandChangeSummary(['font'])).toBe('Cambió la marca: letra.');
  });

  it('shows "Hecho con Comanda" unless the shop turned it off', () => {
    expect(showsPoweredBy({})).toBe(true);
    expect(showsPoweredBy(undefined)).toBe(true);
    expect(showsPoweredBy({ showPoweredBy: true })).toBe(true);
    expect(showsPoweredBy({ showPoweredBy: false })).toBe(false);
  });
});
