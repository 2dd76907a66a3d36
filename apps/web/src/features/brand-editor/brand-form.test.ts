import type { BrandSettings } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { changesOf, chatOfForm, fontStackOf, formOf, formProblems } from './brand-form.ts';

const SAVED: BrandSettings = {
  branchId: 1,
  branchName: 'Pizzería Don Mateo',
  shops: [{ id: 3, alias: 'donmateo-palermo', name: 'Palermo' }],
  colorModeType: 'LIGHT',
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
  fontFamily: null,
  logoUrl: '/demo/donmateo.svg',
  horizontalLogoUrl: null,
  bannerUrl: '/demo/donmateo-banner.svg',
  social: { instagram: 'pizzeriadonmateo', facebook: 'pizzeriadonmateo' },
  customMessage: 'Masa madre y horno de piedra desde 1987.',
  showPoweredBy: true,
  supportChat: null,
};

describe('the brand form', () => {
  it('starts with nothing to save and nothing wrong', () => {
    const form = formOf(SAVED);
    expect(form.instagram).toBe('@pizzeriadonmateo');
    expect(changesOf(form, SAVED)).toEqual({});
    expect(formProblems(form)).toEqual([]);
  });

  it('sends only what changed, a colour set whole and in capitals', () => {
    const form = formOf(SAVED);
    form.light = { ...form.light, mainColor: '#1565c0' };
    form.bannerUrl = null;
    form.instagram = 'https://www.instagram.com/pizzeriadonmateo/';
    form.facebook = '';
    form.customMessage = '  Horno de piedra.  ';
    form.fontFamily = 'Georgia';
    expect(changesOf(form, SAVED)).toEqual({
      light: { ...SAVED.light, mainColor: '#1565C0' },
      fontFamily: 'Georgia',
      bannerUrl: null,
      social: { facebook: null },
      customMessage: 'Horno de piedra.',
    });
  });

  it('keeps a font from outside the list by not sending it', () => {
    const form = formOf({ ...SAVED, fontFamily: 'Poppins' });
    expect(form.fontFamily).toBe('Poppins');
    expect(changesOf(form, { ...SAVED, fontFamily: 'Poppins' })).toEqual({});
    expect(fontStackOf('Poppins')).toBe('"Poppins", var(--font-system)');
    expect(fontStackOf('')).toBe('var(--font-system)');
  });

  it('lists what stops a save: half-typed colours, poor contrast, foreign accounts, a long message', () => {
    const form = formOf(SAVED);
    form.light = { ...form.light, mainBackground: '#FFF', mainText: '#EEEEEE' };
    form.instagram = 'https://www.facebook.com/donmateo';
    form.customMessage = 'a'.repeat(201);
    expect(formProblems(form)).toEqual([
      {
        path: 'light.mainBackground',
        message: 'Ingresá un color en formato #RRGGBB (por ejemplo, #C62828).',
      },
      {
        path: 'light.mainText',
        message:
          'En el modo claro, el texto principal no se lee bien sobre el fondo (contraste 1,1:1; hace falta 4,5:1).',
      },
      {
        path: 'social.instagram',
        message: 'Ingresá tu usuario de Instagram (por ejemplo, @tulocal) o el enlace a tu perfil.',
      },
      { path: 'customMessage', message: 'El mensaje puede tener hasta 200 caracteres.' },
    ]);
  });

  it('sends the support chat as the id it holds, none as null, and nothing while the id cannot be read', () => {
    const crispId = '1c0e2f5a-7b3d-4c8e-9f10-2a3b4c5d6e7f';
    const form = formOf(SAVED);
    expect(form).toMatchObject({ chatProvider: '', chatId: '' });
    form.chatProvider = 'CRISP';
    // chosen, not yet pasted: a problem, no change
    expect(changesOf(form, SAVED)).toEqual({});
    expect(formProblems(form)).toEqual([
      {
        path: 'supportChat.siteId',
        message: expect.stringContaining('No encontramos el ID del sitio de Crisp.'),
      },
    ]);
    form.chatId = `window.CRISP_WEBSITE_ID="${crispId.toUpperCase()}";`;
    expect(chatOfForm(form)).toEqual({ provider: 'CRISP', siteId: crispId });
    expect(formProblems(form)).toEqual([]);
    expect(changesOf(form, SAVED)).toEqual({ supportChat: { provider: 'CRISP', siteId: crispId } });

    const saved = { ...SAVED, supportChat: { provider: 'CRISP' as const, siteId: crispId } };
    const again = formOf(saved);
    expect(again).toMatchObject({ chatProvider: 'CRISP', chatId: crispId });
    expect(changesOf(again, saved)).toEqual({});
    again.chatProvider = '';
    expect(changesOf(again, saved)).toEqual({ supportChat: null });
  });
});
