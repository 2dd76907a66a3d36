/**
 * The shop's brand (`GET`/`PUT /api/console/brand`; not in the spec): colours for both modes, font,
 * logos and banner, social accounts, the message under the shop's name, the 'Hecho con Comanda'
 * footer and the support chat. A PUT changes only the fields it carries (null removes an image, an account or the message);
 * the contrast of the colours it leaves is checked by core's `brandContrastProblems` on the server.
 */
import { z } from 'zod';
import {
  BRAND_COLOR_KEYS,
  BRAND_FONT_FAMILIES,
  BRAND_MESSAGE_MAX,
  type BrandColorKey,
  type BrandColorSet,
  isBrandColor,
  isBrandImageUrl,
  BRAND_MESSAGES as M,
  normalizeSocialAccount,
  type SocialNetwork,
} from '../back-office/brand.ts';
import { fillMessage } from '../back-office/messages.ts';
import { isSupportChatProvider, type SupportChatConfig } from '../support-chat.ts';
import { normalizeSupportChatId, SUPPORT_CHAT_PROVIDERS } from '../support-chat-providers.ts';

/** An unknown key names itself in Spanish; any other problem of the object's own shape says `message`. */
const strict = <S extends z.ZodRawShape>(shape: S, message: string = M.notAnObject) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? fillMessage(M.unknownField, { field: issue.keys.map((key) => `"${key}"`).join(', ') })
        : message,
  });

const brandColor = z
  .string({ error: M.colorInvalid })
  .refine(isBrandColor, { error: M.colorInvalid })
  .transform((color) => color.toUpperCase());

const colorSet = strict(
  Object.fromEntries(BRAND_COLOR_KEYS.map((key) => [key, brandColor.optional()])) as Record<
    BrandColorKey,
    z.ZodOptional<typeof brandColor>
  >,
);

const imageUrl = (what: string) => {
  const message = fillMessage(M.imageUrlInvalid, { what });
  return z.string({ error: message }).trim().refine(isBrandImageUrl, { error: message }).nullable();
};

const socialAccount = (network: SocialNetwork, message: string) =>
  z
    .string({ error: message })
    .max(300, { error: message })
    .nullable()
    .transform((value, context) => {
      const account = normalizeSocialAccount(network, value);
      if (account === undefined) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return account;
    });

/** A chat as the owner sends it: the provider and whatever they pasted; kept as the provider's id alone. */
const supportChat = strict({ provider: z.unknown(), siteId: z.unknown() }, M.supportChatProviderInvalid)
  .nullable()
  .transform((value, context): SupportChatConfig | null => {
    if (value === null) return null;
    if (!isSupportChatProvider(value.provider)) {
      context.addIssue({ code: 'custom', message: M.supportChatProviderInvalid, path: ['provider'] });
      return z.NEVER;
    }
    const siteId =
      typeof value.siteId === 'string' ? normalizeSupportChatId(value.provider, value.siteId) : undefined;
    if (siteId === undefined) {
      context.addIssue({
        code: 'custom',
        message: SUPPORT_CHAT_PROVIDERS[value.provider].idInvalid,
        path: ['siteId'],
      });
      return z.NEVER;
    }
    return { provider: value.provider, siteId };
  });

const messageTooLong = fillMessage(M.messageTooLong, { max: BRAND_MESSAGE_MAX });

export const BrandUpdateSchema = strict({
  colorModeType: z.enum(['LIGHT', 'DARK'], { error: M.colorModeInvalid }).optional(),
  light: colorSet.optional(),
  dark: colorSet.optional(),
  fontFamily: z.enum(BRAND_FONT_FAMILIES, { error: M.fontUnknown }).nullable().optional(),
  logoUrl: imageUrl('El logo').optional(),
  horizontalLogoUrl: imageUrl('El logo horizontal').optional(),
  bannerUrl: imageUrl('El banner').optional(),
  social: strict({
    instagram: socialAccount('instagram', M.instagramInvalid).optional(),
    facebook: socialAccount('facebook', M.facebookInvalid).optional(),
  }).optional(),
  customMessage: z
    .string({ error: messageTooLong })
    .trim()
    .max(BRAND_MESSAGE_MAX, { error: messageTooLong })
    .nullable()
    .transform((message) => (message ? message : null))
    .optional(),
  showPoweredBy: z.boolean({ error: M.poweredByInvalid }).optional(),
  /** The support chat: a provider and its id (or the link or snippet holding it); null: none. */
  supportChat: supportChat.optional(),
});
/** What a PUT sends; every field may be left out (unchanged). */
export type BrandUpdate = z.input<typeof BrandUpdateSchema>;
export type BrandUpdateParsed = z.output<typeof BrandUpdateSchema>;

/** `GET`/`PUT /api/console/brand`: the owner's branch's brand as its storefront shows it. */
export interface BrandSettings {
  branchId: number;
  /** the branch's name, as the storefront's header prints it */
  branchName: string;
  /** the branch's shops, for 'Ver tu tienda' */
  shops: { id: number; alias: string; name: string }[];
  colorModeType: 'LIGHT' | 'DARK';
  /** each colour `#RRGGBB`: the stored one, or the storefront's default where there is none */
  light: BrandColorSet;
  dark: BrandColorSet;
  /** one of core's BRAND_FONT_FAMILIES, the device's own font when null (an imported shop may hold another) */
  fontFamily: string | null;
  logoUrl: string | null;
  horizontalLogoUrl: string | null;
  bannerUrl: string | null;
  social: { instagram: string | null; facebook: string | null };
  customMessage: string | null;
  showPoweredBy: boolean;
  /** The support chat the storefront offers, null when none (the default). */
  supportChat: SupportChatConfig | null;
}
