/**
 * The redirect customisation (storefront.md sections 2, 3 and 9; decision 020): a branch's REDIRECT_ACTION
 * menu customisation, commands `{"action": "INVALID_CODE", "url": "https://…"}`, says where a diner whose
 * campaign code is not valid goes instead (the business's page of current promotions, say). Its
 * displayType is the spec's address redirect: AUTOMATIC sends the diner to the url at once, MANUAL (the
 * default) offers a link. A customisation that cannot be followed (not JSON, another action, a url that
 * is not an absolute http(s) one, another displayType) is invalid: the diner stays, and the follow-up
 * the checkout opens after placing carries `invalidCustomRedirect=true` (which the follow-up logs).
 */
export const REDIRECT_ACTIONS = ['INVALID_CODE'] as const;
export const ADDRESS_REDIRECT_TYPES = ['AUTOMATIC', 'MANUAL'] as const;
export type AddressRedirectType = (typeof ADDRESS_REDIRECT_TYPES)[number];

/** The follow-up's query flag (post-order-and-logistics.md section 2). */
export const INVALID_CUSTOM_REDIRECT_FLAG = 'invalidCustomRedirect';

/** Not quoted by the spec: the MANUAL redirect's notice and link. */
export const REDIRECT_MESSAGES = {
  linkCodeInvalid: 'El código de descuento del enlace no es válido.',
  seePromotions: 'Ver promociones vigentes',
} as const;

export type RedirectCustomization =
  | { status: 'none' }
  | { status: 'invalid' }
  | {
      status: 'valid';
      action: (typeof REDIRECT_ACTIONS)[number];
      url: string;
      redirect: AddressRedirectType;
    };

interface CustomizationEntry {
  resource: string;
  displayType?: string | null;
  commands: string;
}

/** The branch's REDIRECT_ACTION customisation as the storefront follows it. */
export function redirectCustomizationOf(
  customizations: readonly CustomizationEntry[] | undefined,
): RedirectCustomization {
  const entry = customizations?.find((c) => c.resource === 'REDIRECT_ACTION');
  if (!entry) return { status: 'none' };
  const redirect = entry.displayType ?? 'MANUAL';
  let commands: { action?: unknown; url?: unknown } | null;
  try {
    commands = JSON.parse(entry.commands);
  } catch {
    return { status: 'invalid' };
  }
  const url = typeof commands?.url === 'string' ? httpUrl(commands.url) : null;
  if (
    commands?.action !== 'INVALID_CODE' ||
    !url ||
    !(ADDRESS_REDIRECT_TYPES as readonly string[]).includes(redirect)
  )
    return { status: 'invalid' };
  return { status: 'valid', action: 'INVALID_CODE', url, redirect: redirect as AddressRedirectType };
}

/** An absolute http(s) URL with a host and no spaces, trimmed, or null. */
function httpUrl(text: string): string | null {
  const url = text.trim();
  return /^https?:\/\/[\w.-]+(:\d+)?([/?#]\S*)?$/i.test(url) ? url : null;
}
