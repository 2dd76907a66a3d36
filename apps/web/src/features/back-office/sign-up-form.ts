import { aliasFromName, BACK_OFFICE_MESSAGES as M } from '@comanda/core/back-office';

/** The sign-up form as typed; checked here first so the owner sees every problem before sending. */
export interface SignUpFields {
  businessName: string;
  shopName: string;
  alias: string;
  country: string;
  whatsAppPhone: string;
  street: string;
  number: string;
  city: string;
  location: { lat: number; lng: number } | null;
  ownerName: string;
  email: string;
  password: string;
  inviteCode: string;
}

export type SignUpFieldName = keyof SignUpFields;

export const EMPTY_SIGN_UP: SignUpFields = {
  businessName: '',
  shopName: '',
  alias: '',
  country: 'ar',
  whatsAppPhone: '',
  street: '',
  number: '',
  city: '',
  location: null,
  ownerName: '',
  email: '',
  password: '',
  inviteCode: '',
};

/** Where the map opens in each country before the owner marks the shop: its capital. */
export const COUNTRY_CENTERS: Readonly<Record<string, { lat: number; lng: number }>> = {
  ar: { lat: -34.6037, lng: -58.3816 },
  bo: { lat: -16.4897, lng: -68.1193 },
  br: { lat: -23.5505, lng: -46.6333 },
  cl: { lat: -33.4489, lng: -70.6693 },
  co: { lat: 4.711, lng: -74.0721 },
  ec: { lat: -0.1807, lng: -78.4678 },
  mx: { lat: 19.4326, lng: -99.1332 },
  pe: { lat: -12.0464, lng: -77.0428 },
  py: { lat: -25.2637, lng: -57.5759 },
  us: { lat: 40.7128, lng: -74.006 },
  uy: { lat: -34.9011, lng: -56.1645 },
  ve: { lat: 10.4806, lng: -66.9036 },
};

/** The alias suggested while the owner has not written one: the business and the shop's names. */
export function suggestedAlias(fields: Pick<SignUpFields, 'businessName' | 'shopName'>): string {
  return aliasFromName([fields.businessName, fields.shopName].filter(Boolean).join(' '));
}

/** What the form cannot send yet, by field; the server checks all of it again. */
export function signUpFieldErrors(
  fields: SignUpFields,
  inviteNeeded: boolean,
): Partial<Record<SignUpFieldName, string>> {
  const errors: Partial<Record<SignUpFieldName, string>> = {};
  if (!fields.businessName.trim()) errors.businessName = M.businessNameRequired;
  if (!fields.shopName.trim()) errors.shopName = M.shopNameRequired;
  if (!fields.alias.trim()) errors.alias = M.aliasRequired;
  if (fields.whatsAppPhone.replace(/\D/g, '').length < 6) errors.whatsAppPhone = M.whatsAppInvalid;
  if (!fields.street.trim()) errors.street = M.streetRequired;
  if (!fields.number.trim()) errors.number = M.numberRequired;
  if (!fields.location) errors.location = M.locationRequired;
  if (!fields.ownerName.trim()) errors.ownerName = M.ownerNameRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) errors.email = M.emailInvalid;
  if (fields.password.length < 10) errors.password = M.passwordTooShort;
  if (inviteNeeded && !fields.inviteCode.trim()) errors.inviteCode = M.inviteRequired;
  return errors;
}

/** The server's error paths (`owner.email`, `address.street`) as the form's fields. */
export function fieldOfPath(path: string): SignUpFieldName | null {
  const map: Record<string, SignUpFieldName> = {
    businessName: 'businessName',
    shopName: 'shopName',
    alias: 'alias',
    country: 'country',
    whatsAppPhone: 'whatsAppPhone',
    'address.street': 'street',
    'address.number': 'number',
    'address.city': 'city',
    location: 'location',
    'location.lat': 'location',
    'location.lng': 'location',
    'owner.name': 'ownerName',
    'owner.email': 'email',
    'owner.password': 'password',
    inviteCode: 'inviteCode',
  };
  return map[path] ?? null;
}

/** The request body of POST /api/console/signup. */
export function signUpBody(fields: SignUpFields) {
  return {
    ...(fields.inviteCode.trim() ? { inviteCode: fields.inviteCode.trim() } : {}),
    businessName: fields.businessName.trim(),
    alias: fields.alias.trim().toLowerCase(),
    shopName: fields.shopName.trim(),
    country: fields.country,
    whatsAppPhone: fields.whatsAppPhone.trim(),
    address: {
      street: fields.street.trim(),
      number: fields.number.trim(),
      city: fields.city.trim() || undefined,
    },
    location: fields.location ?? undefined,
    owner: { name: fields.ownerName.trim(), email: fields.email.trim(), password: fields.password },
  };
}
