/**
 * The shop's brand (`/console/marca`): which fonts a storefront can show, which colours and image
 * addresses it takes, how social accounts are kept, and whether the texts can be read on the colours
 * chosen. The same rules run live in the editor and on the server when it saves.
 */
import {
  type ColorConfig,
  type ColorVariant,
  contrastRatio,
  resolveTheme,
  type ThemeMode,
} from '../theme.ts';
import { fillMessage } from './messages.ts';

/** What the brand editor and its API say. Our own texts, in Argentine voseo. */
export const BRAND_MESSAGES = {
  colorInvalid: 'Ingresá un color en formato #RRGGBB (por ejemplo, #C62828).',
  colorModeInvalid: 'Elegí el modo claro o el oscuro.',
  fontUnknown: 'Elegí una letra de la lista.',
  imageUrlInvalid: '{what} tiene que ser una foto subida o una dirección que empiece con https://.',
  messageTooLong: 'El mensaje puede tener hasta {max} caracteres.',
  instagramInvalid: 'Ingresá tu usuario de Instagram (por ejemplo, @tulocal) o el enlace a tu perfil.',
  facebookInvalid: 'Ingresá tu página de Facebook (por ejemplo, tulocal) o el enlace a tu página.',
  poweredByInvalid: 'Indicá si querés mostrar "Hecho con Comanda" (sí o no).',
  supportChatProviderInvalid: 'Elegí el chat de ayuda de la lista (Crisp o Tawk.to), o ninguno.',
  unknownField: 'No conocemos el campo {field}. Revisá los datos de la marca.',
  notAnObject: 'Mandá los datos de la marca como un objeto JSON.',
  contrastLow:
    'En el modo {mode}, {text} no se lee bien sobre {background} (contraste {ratio}:1; hace falta {required}:1).',
  changeSummary: 'Cambió la marca: {parts}.',
  nothingChanged: 'Guardó la marca sin cambios.',
} as const;

/**
 * The storefront only sets a CSS font-family (`"<name>", var(--font-system)` in apply-theme.ts) and
 * downloads no web font, so the list holds fonts phones and computers already carry. Where one is
 * missing (Android has none of these) the page falls back to the device's own font, never to a
 * blank or a slow download. `null` is the device's font.
 */
export const BRAND_FONT_FAMILIES = [
  'Arial',
  'Georgia',
  'Trebuchet MS',
  'Verdana',
  'Tahoma',
  'Courier New',
] as const;
export type BrandFontFamily = (typeof BRAND_FONT_FAMILIES)[number];

export const BRAND_FONT_LABELS: Record<BrandFontFamily, string> = {
  Arial: 'Arial: neutra',
  Georgia: 'Georgia: clásica, con serifa',
  'Trebuchet MS': 'Trebuchet: moderna y redondeada',
  Verdana: 'Verdana: ancha, muy legible',
  Tahoma: 'Tahoma: compacta',
  'Courier New': 'Courier: de máquina de escribir',
};

export function isBrandFontFamily(value: unknown): value is BrandFontFamily {
  return typeof value === 'string' && (BRAND_FONT_FAMILIES as readonly string[]).includes(value);
}

/** The longest custom message under the shop's name. */
export const BRAND_MESSAGE_MAX = 200;

export const BRAND_COLOR_KEYS = [
  'mainColor',
  'buttonBorderedColor',
  'promotionalBannerColor',
  'mainBackground',
  'mainText',
  'descriptionText',
] as const;
export type BrandColorKey = (typeof BRAND_COLOR_KEYS)[number];
/** One mode's colours, each `#RRGGBB`. */
export type BrandColorSet = Record<BrandColorKey, string>;

const BRAND_COLOR = /^#[0-9a-f]{6}$/i;

/** A colour the brand takes: `#RRGGBB`, nothing shorter or longer. */
export function isBrandColor(value: unknown): value is string {
  return typeof value === 'string' && BRAND_COLOR.test(value);
}

/**
 * Both modes' colours as the storefront shows them (theme.ts's defaults where a colour is missing or
 * broken), spelt `#RRGGBB` in capitals, so the editor starts from exactly what diners see.
 */
export function resolveBrandColors(
  colorConfig: ColorConfig | null | undefined,
): Record<ThemeMode, BrandColorSet> {
  const setOf = (mode: ThemeMode): BrandColorSet => {
    const variant = mode === 'light' ? colorConfig?.light : colorConfig?.dark;
    const theme = themeOf(mode, variant);
    return {
      mainColor: longHex(theme.mainColor),
      buttonBorderedColor: longHex(theme.buttonBorderedColor),
      promotionalBannerColor: longHex(theme.promotionalBannerColor),
      mainBackground: longHex(theme.mainBackground),
      mainText: longHex(theme.mainText),
      descriptionText: longHex(theme.descriptionText),
    };
  };
  return { light: setOf('light'), dark: setOf('dark') };
}

/** One mode's theme as the storefront resolves it, whichever mode the shop shows. */
function themeOf(mode: ThemeMode, variant: ColorVariant | undefined) {
  return resolveTheme(
    mode === 'light'
      ? { colorModeType: 'LIGHT', light: variant ?? {} }
      : { colorModeType: 'DARK', dark: variant ?? {} },
  );
}

function longHex(color: string): string {
  const digits = color.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full.toUpperCase()}`;
}

/**
 * The storefront's text is 16px (prices and buttons bold, not 18.66px), which WCAG counts as normal
 * text: every pair needs AA's 4.5:1, the buttons included. The storefront would darken a failing main
 * colour behind its buttons on its own (apply-theme.ts `withTextContrast`); the editor refuses it
 * instead, so the shop shows the colour its owner chose.
 */
export const BRAND_MIN_CONTRAST = 4.5;

export type BrandContrastPair = 'mainText' | 'descriptionText' | 'buttonText';

export interface BrandContrastCheck {
  mode: ThemeMode;
  pair: BrandContrastPair;
  /** the field to fix: `light.mainText`, `dark.mainColor`... */
  path: string;
  foreground: string;
  background: string;
  ratio: number;
  required: number;
  ok: boolean;
  /** the Spanish problem when it fails; null when it reads well */
  message: string | null;
}

const MODE_NAMES: Record<ThemeMode, string> = { light: 'claro', dark: 'oscuro' };
const PAIR_TEXTS: Record<BrandContrastPair, { text: string; background: string }> = {
  mainText: { text: 'el texto principal', background: 'el fondo' },
  descriptionText: { text: 'el texto de las descripciones', background: 'el fondo' },
  buttonText: { text: 'el texto de los botones', background: 'el color principal' },
};

/** A ratio as the editor shows it: one decimal with a comma, cut down (4,49 is 4,4, never 4,5). */
export function formatContrastRatio(ratio: number): string {
  return (Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1).replace('.', ',');
}

/**
 * Every pair the storefront puts on screen, for each mode: main text and description text on the main
 * background, and the buttons' text (white or near-black, whichever theme.ts picks) on the main colour.
 */
export function brandContrastChecks(colors: {
  light?: ColorVariant;
  dark?: ColorVariant;
}): BrandContrastCheck[] {
  return (['light', 'dark'] as const).flatMap((mode) => {
    const theme = themeOf(mode, colors[mode]);
    const pairs: [BrandContrastPair, BrandColorKey, string, string][] = [
      ['mainText', 'mainText', theme.mainText, theme.mainBackground],
      ['descriptionText', 'descriptionText', theme.descriptionText, theme.mainBackground],
      ['buttonText', 'mainColor', theme.onMainColor, theme.mainColor],
    ];
    return pairs.map(([pair, field, foreground, background]): BrandContrastCheck => {
      const ratio = contrastRatio(foreground, background);
      const ok = ratio >= BRAND_MIN_CONTRAST;
      return {
        mode,
        pair,
        path: `${mode}.${field}`,
        foreground,
        background,
        ratio,
        required: BRAND_MIN_CONTRAST,
        ok,
        message: ok
          ? null
          : fillMessage(BRAND_MESSAGES.contrastLow, {
              mode: MODE_NAMES[mode],
              text: PAIR_TEXTS[pair].text,
              background: PAIR_TEXTS[pair].background,
              ratio: formatContrastRatio(ratio),
              required: formatContrastRatio(BRAND_MIN_CONTRAST),
            }),
      };
    });
  });
}

/** The pairs that do not read well, each with the field to fix and a Spanish message. */
export function brandContrastProblems(colors: {
  light?: ColorVariant;
  dark?: ColorVariant;
}): { path: string; message: string }[] {
  return brandContrastChecks(colors).flatMap((check) =>
    check.message === null ? [] : [{ path: check.path, message: check.message }],
  );
}

const SAFE_PATH = /^\/(files|demo)\/[A-Za-z0-9._~%/-]+$/;
// a host with a dot (no user:password@, no bare 'localhost'), an optional port, then any path
const HTTPS_URL = /^https:\/\/([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * A logo or banner address the brand takes: a photo uploaded to the platform (`/files/...`), one of the
 * demo's (`/demo/...`), or an https:// address. Nothing that leaves the page (`//host`, `javascript:`)
 * or climbs out of its folder.
 */
export function isBrandImageUrl(value: string): boolean {
  if (value.length > 500 || /\s/.test(value)) return false;
  if (value.startsWith('/')) return SAFE_PATH.test(value) && !value.split('/').includes('..');
  return HTTPS_URL.test(value);
}

export type SocialNetwork = 'instagram' | 'facebook';

const SOCIAL_HOSTS: Record<SocialNetwork, string[]> = {
  instagram: ['instagram.com', 'instagr.am'],
  facebook: ['facebook.com', 'fb.com'],
};
const SOCIAL_HANDLE: Record<SocialNetwork, RegExp> = {
  instagram: /^[A-Za-z0-9._]{1,30}$/,
  facebook: /^[A-Za-z0-9.-]{2,80}$/,
};
// the first path segments that are Facebook's own pages, not a shop's
const FACEBOOK_RESERVED = new Set(['pages', 'groups', 'people', 'events', 'watch', 'share', 'sharer']);

/**
 * A social account as the shop types it ('@donmateo', 'donmateo', 'instagram.com/donmateo',
 * 'https://www.instagram.com/donmateo/?hl=es'), kept as the account name the storefront links to
 * (social-links.tsx takes a name or a URL). A Facebook profile without a name keeps its URL. An empty
 * value is null (no link); `undefined` means it is not an account of that network.
 */
export function normalizeSocialAccount(
  network: SocialNetwork,
  raw: string | null,
): string | null | undefined {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const looksLikeUrl = /^https?:\/\//i.test(value) || /^(www\.|m\.)?[a-z.]+\.(com|am)\//i.test(value);
  if (!looksLikeUrl) {
    const handle = value.replace(/^@/, '');
    return SOCIAL_HANDLE[network].test(handle) ? handle : undefined;
  }
  // core has no URL class: scheme, host, path and query by hand
  const parts = /^(?:https?:\/\/)?([^/?#]+)([^?#]*)(\?[^#]*)?/i.exec(value);
  const host = (parts?.[1] ?? '').toLowerCase().replace(/^(www|m|web)\./, '');
  if (!SOCIAL_HOSTS[network].includes(host)) return undefined;
  const [first = ''] = (parts?.[2] ?? '').split('/').filter(Boolean);
  if (network === 'facebook' && first === 'profile.php') {
    const id = /[?&]id=(\d{1,25})(&|$)/.exec(parts?.[3] ?? '')?.[1];
    return id ? `https://www.facebook.com/profile.php?id=${id}` : undefined;
  }
  if (network === 'facebook' && FACEBOOK_RESERVED.has(first.toLowerCase())) return undefined;
  const handle = first.replace(/^@/, '');
  return SOCIAL_HANDLE[network].test(handle) ? handle : undefined;
}

/** What a brand change touched, for the back office's log. */
export type BrandPart =
  | 'mode'
  | 'colors'
  | 'font'
  | 'logo'
  | 'horizontalLogo'
  | 'banner'
  | 'social'
  | 'message'
  | 'poweredBy'
  | 'supportChat';

const PART_NAMES: Record<BrandPart, string> = {
  mode: 'modo de color',
  colors: 'colores',
  font: 'letra',
  logo: 'logo',
  horizontalLogo: 'logo horizontal',
  banner: 'banner',
  social: 'redes',
  message: 'mensaje',
  poweredBy: '"Hecho con Comanda"',
  supportChat: 'chat de ayuda',
};
const PART_ORDER: BrandPart[] = [
  'mode',
  'colors',
  'font',
  'logo',
  'horizontalLogo',
  'banner',
  'social',
  'message',
  'poweredBy',
  'supportChat',
];

/** 'Cambió la marca: colores, logo y banner.' (the log's line for one save). */
export function brandChangeSummary(parts: readonly BrandPart[]): string {
  const names = PART_ORDER.filter((part) => parts.includes(part)).map((part) => PART_NAMES[part]);
  if (names.length === 0) return BRAND_MESSAGES.nothingChanged;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  return fillMessage(BRAND_MESSAGES.changeSummary, { parts: list ?? '' });
}

/** Whether the storefront shows its 'Hecho con Comanda' footer: unless the shop turned it off. */
export function showsPoweredBy(generalConfig: { showPoweredBy?: boolean } | null | undefined): boolean {
  return generalConfig?.showPoweredBy !== false;
}
