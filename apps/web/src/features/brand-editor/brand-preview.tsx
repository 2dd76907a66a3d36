import { resolveTheme, themeToCssVariables } from '@comanda/core';
import { normalizeSocialAccount } from '@comanda/core/back-office';
import type { CSSProperties } from 'react';
import { readableOn, withTextContrast } from '../../theme/apply-theme.ts';
import { IconFacebook, IconInstagram, IconPlus } from '../../ui/icons.tsx';
import { IconChat } from '../support-chat/support-chat.tsx';
import { type BrandForm, type BrandMode, chatOfForm, fontStackOf } from './brand-form.ts';

/** The storefront's CSS variables for one mode, as apply-theme.ts puts them on <html>. */
function previewVariables(form: BrandForm, mode: BrandMode): CSSProperties {
  const theme = resolveTheme(
    mode === 'light'
      ? { colorModeType: 'LIGHT', light: form.light }
      : { colorModeType: 'DARK', dark: form.dark },
  );
  const onPromo = readableOn(theme.promotionalBannerColor);
  return {
    ...themeToCssVariables(theme),
    '--color-main-strong': withTextContrast(theme.mainColor, theme.onMainColor),
    '--color-on-promo': onPromo,
    '--color-promo': withTextContrast(theme.promotionalBannerColor, onPromo),
    '--font-family': fontStackOf(form.fontFamily),
  } as CSSProperties;
}

function initialOf(name: string): string {
  return (/\p{L}|\p{N}/u.exec(name)?.[0] ?? '?').toLocaleUpperCase('es');
}

const SAMPLE_DISHES = [
  { name: 'Empanada de carne', description: 'Cortada a cuchillo, con aceitunas y huevo.', price: '$1.800' },
  { name: 'Milanesa napolitana', description: 'Con jamón, muzzarella y papas fritas.', price: '$9.500' },
];

/**
 * A small copy of the storefront's menu page (store-header.tsx, dish-card.tsx, the cart bar) in the
 * colours, font and images being edited. Decorative: its texts are samples, its controls do nothing.
 */
export function BrandPreview({
  form,
  mode,
  branchName,
  shopName,
}: {
  form: BrandForm;
  mode: BrandMode;
  branchName: string;
  shopName: string;
}) {
  // as on the storefront, a banner takes the logo's place in the header
  const banner = form.bannerUrl;
  const instagram = normalizeSocialAccount('instagram', form.instagram);
  const facebook = normalizeSocialAccount('facebook', form.facebook);
  const message = form.customMessage.trim();
  const chat = Boolean(chatOfForm(form));
  return (
    <div className="brand-preview" data-mode={mode} style={previewVariables(form, mode)} aria-hidden="true">
      <div className="brand-preview__header">
        <div className={`brand-preview__cover${banner ? ' brand-preview__cover--image' : ''}`}>
          {banner ? <img className="brand-preview__banner" src={banner} alt="" /> : null}
        </div>
        <div className="brand-preview__body">
          {banner ? null : form.logoUrl ? (
            <img className="brand-preview__logo" src={form.logoUrl} alt="" />
          ) : (
            <span className="brand-preview__logo brand-preview__logo--placeholder">
              {initialOf(branchName)}
            </span>
          )}
          <p className="brand-preview__name">{branchName}</p>
          <p className="brand-preview__contact">{shopName}</p>
          {message ? <p className="brand-preview__message">{message}</p> : null}
          {instagram || facebook || chat ? (
            <span className="brand-preview__social">
              {instagram ? (
                <span className="brand-preview__social-link">
                  <IconInstagram size={18} />
                </span>
              ) : null}
              {facebook ? (
                <span className="brand-preview__social-link">
                  <IconFacebook size={18} />
                </span>
              ) : null}
              {chat ? (
                <span className="brand-preview__social-link">
                  <IconChat size={18} />
                </span>
              ) : null}
            </span>
          ) : null}
        </div>
      </div>
      <p className="brand-preview__promo">2x1 en empanadas los martes</p>
      <div className="brand-preview__content">
        <p className="brand-preview__category">Para empezar</p>
        {SAMPLE_DISHES.map((dish) => (
          <div key={dish.name} className="brand-preview__dish">
            <span className="brand-preview__dish-body">
              <span className="brand-preview__dish-name">{dish.name}</span>
              <span className="brand-preview__dish-description">{dish.description}</span>
              <span className="brand-preview__dish-price">{dish.price}</span>
            </span>
            <span className="brand-preview__plus">
              <IconPlus size={16} />
            </span>
          </div>
        ))}
        <span className="brand-preview__cart">
          <span className="brand-preview__cart-count">2</span>
          <span className="brand-preview__cart-label">Ver mi pedido</span>
          <span className="brand-preview__cart-total">$11.300</span>
        </span>
        {form.showPoweredBy ? <p className="brand-preview__powered">Hecho con Comanda</p> : null}
      </div>
    </div>
  );
}
