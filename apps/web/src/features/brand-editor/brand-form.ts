import {
  normalizeSupportChatId,
  SUPPORT_CHAT_PROVIDERS,
  type SupportChatConfig,
  type SupportChatProvider,
} from '@comanda/core';
import {
  BRAND_COLOR_KEYS,
  BRAND_MESSAGE_MAX,
  BRAND_MESSAGES,
  type BrandColorSet,
  brandContrastProblems,
  fillMessage,
  isBrandColor,
  isBrandFontFamily,
  normalizeSocialAccount,
} from '@comanda/core/back-office';
import type { BrandSettings, BrandUpdate } from '@comanda/core/contract';

export type BrandMode = 'light' | 'dark';

/** What the form holds: the colours as typed (a half-typed one is not valid yet), texts as typed. */
export interface BrandForm {
  colorModeType: 'LIGHT' | 'DARK';
  light: BrandColorSet;
  dark: BrandColorSet;
  /** '' is the device's own font */
  fontFamily: string;
  logoUrl: string | null;
  horizontalLogoUrl: string | null;
  bannerUrl: string | null;
  instagram: string;
  facebook: string;
  customMessage: string;
  showPoweredBy: boolean;
  /** '' is no chat (the default) */
  chatProvider: SupportChatProvider | '';
  /** the id, or the link or snippet holding it, as pasted */
  chatId: string;
}

export interface FieldProblem {
  path: string;
  message: string;
}

export function formOf(brand: BrandSettings): BrandForm {
  return {
    colorModeType: brand.colorModeType,
    light: { ...brand.light },
    dark: { ...brand.dark },
    fontFamily: brand.fontFamily ?? '',
    logoUrl: brand.logoUrl,
    horizontalLogoUrl: brand.horizontalLogoUrl,
    bannerUrl: brand.bannerUrl,
    instagram: brand.social.instagram ? `@${brand.social.instagram.replace(/^@/, '')}` : '',
    facebook: brand.social.facebook ?? '',
    customMessage: brand.customMessage ?? '',
    showPoweredBy: brand.showPoweredBy,
    chatProvider: brand.supportChat?.provider ?? '',
    chatId: brand.supportChat?.siteId ?? '',
  };
}

/** The chat the form holds, its id as kept; null for none; undefined while the id cannot be read. */
export function chatOfForm(form: BrandForm): SupportChatConfig | null | undefined {
  if (form.chatProvider === '') return null;
  const siteId = normalizeSupportChatId(form.chatProvider, form.chatId);
  return siteId === undefined ? undefined : { provider: form.chatProvider, siteId };
}

/** A stored Instagram name shows with its '@'; a URL (a Facebook profile) as it is. */
function sameAccount(typed: string, stored: string | null, network: 'instagram' | 'facebook'): boolean {
  return normalizeSocialAccount(network, typed) === (stored ?? null);
}

/**
 * What stops a save, in the order of the form: colours that are not #RRGGBB, pairs that do not read
 * well (core's rule, the server's own), accounts that are not of their network, a message too long,
 * a chat whose id cannot be read from what was pasted.
 */
export function formProblems(form: BrandForm): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const mode of ['light', 'dark'] as const)
    for (const key of BRAND_COLOR_KEYS)
      if (!isBrandColor(form[mode][key]))
        problems.push({ path: `${mode}.${key}`, message: BRAND_MESSAGES.colorInvalid });
  problems.push(...brandContrastProblems({ light: form.light, dark: form.dark }));
  if (normalizeSocialAccount('instagram', form.instagram) === undefined)
    problems.push({ path: 'social.instagram', message: BRAND_MESSAGES.instagramInvalid });
  if (normalizeSocialAccount('facebook', form.facebook) === undefined)
    problems.push({ path: 'social.facebook', message: BRAND_MESSAGES.facebookInvalid });
  if (form.customMessage.trim().length > BRAND_MESSAGE_MAX)
    problems.push({
      path: 'customMessage',
      message: fillMessage(BRAND_MESSAGES.messageTooLong, { max: BRAND_MESSAGE_MAX }),
    });
  if (form.chatProvider !== '' && chatOfForm(form) === undefined)
    problems.push({
      path: 'supportChat.siteId',
      message: SUPPORT_CHAT_PROVIDERS[form.chatProvider].idInvalid,
    });
  return problems;
}

const sameColors = (a: BrandColorSet, b: BrandColorSet) =>
  BRAND_COLOR_KEYS.every((key) => a[key].toUpperCase() === b[key].toUpperCase());

const upperColors = (set: BrandColorSet): BrandColorSet =>
  Object.fromEntries(BRAND_COLOR_KEYS.map((key) => [key, set[key].toUpperCase()])) as BrandColorSet;

/**
 * Only what the owner changed: a save then never overwrites what someone else changed meanwhile in
 * another part, and the log says what this one did. A colour set travels whole.
 */
export function changesOf(form: BrandForm, saved: BrandSettings): BrandUpdate {
  const update: BrandUpdate = {};
  if (form.colorModeType !== saved.colorModeType) update.colorModeType = form.colorModeType;
  if (!sameColors(form.light, saved.light)) update.light = upperColors(form.light);
  if (!sameColors(form.dark, saved.dark)) update.dark = upperColors(form.dark);
  // a font from outside the list (an imported shop's) is kept by not sending it
  if (
    form.fontFamily !== (saved.fontFamily ?? '') &&
    (form.fontFamily === '' || isBrandFontFamily(form.fontFamily))
  )
    update.fontFamily = form.fontFamily || null;
  for (const field of ['logoUrl', 'horizontalLogoUrl', 'bannerUrl'] as const)
    if (form[field] !== saved[field]) update[field] = form[field];
  const social: NonNullable<BrandUpdate['social']> = {};
  if (!sameAccount(form.instagram, saved.social.instagram, 'instagram'))
    social.instagram = form.instagram.trim() || null;
  if (!sameAccount(form.facebook, saved.social.facebook, 'facebook'))
    social.facebook = form.facebook.trim() || null;
  if (Object.keys(social).length > 0) update.social = social;
  const message = form.customMessage.trim();
  if (message !== (saved.customMessage ?? '')) update.customMessage = message || null;
  if (form.showPoweredBy !== saved.showPoweredBy) update.showPoweredBy = form.showPoweredBy;
  // what was pasted travels as the id it holds; a field that holds none yet is a problem, not a change
  const chat = chatOfForm(form);
  if (
    chat !== undefined &&
    (chat?.provider !== saved.supportChat?.provider || chat?.siteId !== saved.supportChat?.siteId)
  )
    update.supportChat = chat;
  return update;
}

/** The storefront's font stack for a family (apply-theme.ts), for the preview and the sample line. */
export function fontStackOf(fontFamily: string): string {
  const name = fontFamily.trim().replace(/["';{}]/g, '');
  return name ? `"${name}", var(--font-system)` : 'var(--font-system)';
}
