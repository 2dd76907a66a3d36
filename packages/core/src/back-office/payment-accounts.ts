/**
 * The owner's payment account (`/console/cobros`): which account each shop's card payments and links go
 * into, and the checks of credentials an owner pastes, before any call to the provider. The provider's
 * own test call (Mercado Pago's `users/me`, a Webpay status query) decides the rest on the server.
 */

export const PAYMENT_ACCOUNT_PROVIDERS = ['SANDBOX', 'MERCADO_PAGO', 'TRANSBANK'] as const;
export type PaymentAccountProvider = (typeof PAYMENT_ACCOUNT_PROVIDERS)[number];

export const PAYMENT_ACCOUNT_NAMES: Record<PaymentAccountProvider, string> = {
  SANDBOX: 'Pagos de prueba (sandbox)',
  MERCADO_PAGO: 'Mercado Pago',
  TRANSBANK: 'Webpay Plus (Transbank)',
};

export const PAYMENT_ACCOUNT_MESSAGES = {
  accessTokenInvalid:
    'El access token de Mercado Pago empieza con APP_USR- (producción) o TEST- (pruebas). Copialo completo desde "Tus integraciones > Credenciales".',
  publicKeyInvalid:
    'La public key de Mercado Pago empieza con APP_USR- o TEST-. Copiala completa desde "Tus integraciones > Credenciales".',
  webhookSecretInvalid:
    'Pegá la clave secreta de tus notificaciones webhooks (Mercado Pago > Tus integraciones > Webhooks).',
  mixedModes: 'El access token y la public key deben ser los dos de producción o los dos de prueba.',
  commerceCodeInvalid: 'El código de comercio de Transbank tiene 12 dígitos.',
  apiKeyInvalid: 'La API key secreta de Transbank tiene entre 32 y 128 letras y números.',
  credentialsRefused: 'El proveedor no aceptó estas credenciales. Revisalas y volvé a intentarlo.',
  providerUnavailable: 'No pudimos comunicarnos con el proveedor de pagos. Intentá de nuevo en unos minutos.',
  oauthNotConfigured:
    'La conexión directa con Mercado Pago no está configurada en este servidor: pegá tus credenciales.',
  oauthStateInvalid:
    'La autorización de Mercado Pago venció o no es de esta sesión. Volvé a conectar tu cuenta.',
  oauthDenied: 'No autorizaste la conexión con Mercado Pago. Tu cuenta no se conectó.',
  sandboxOff: 'Los pagos de prueba no están disponibles en este servidor.',
  integrationOff:
    'Este servidor cobra con Webpay en producción: pegá el código de comercio y la API key de tu comercio.',
  unknownField: 'No conocemos el campo {field}. Revisá los datos de tu cuenta de pagos.',
  notAnObject: 'Mandá los datos de tu cuenta de pagos como un objeto JSON.',
  transbankShape:
    'Mandá el código de comercio y la API key de Transbank, o "integration": true para el comercio de pruebas.',
  noAccount: 'Tu tienda no tiene una cuenta de pagos conectada.',
  connected: 'Conectamos tu cuenta de {provider}. Los pagos online de tus pedidos van a esa cuenta.',
  disconnected: 'Desconectamos tu cuenta de pagos. Tu tienda deja de ofrecer tarjeta online y link de pago.',
} as const;

export interface PastedMercadoPago {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
}

const MP_CREDENTIAL = /^(APP_USR|TEST)-[A-Za-z0-9-]{8,200}$/;

/** What is wrong with pasted Mercado Pago credentials, field by field (empty when they look right). */
export function mercadoPagoCredentialProblems(
  input: PastedMercadoPago,
): { field: keyof PastedMercadoPago; message: string }[] {
  const M = PAYMENT_ACCOUNT_MESSAGES;
  const problems: { field: keyof PastedMercadoPago; message: string }[] = [];
  const token = input.accessToken.trim();
  const key = input.publicKey.trim();
  if (!MP_CREDENTIAL.test(token)) problems.push({ field: 'accessToken', message: M.accessTokenInvalid });
  if (!MP_CREDENTIAL.test(key)) problems.push({ field: 'publicKey', message: M.publicKeyInvalid });
  if (!/^\S{8,200}$/.test(input.webhookSecret.trim()))
    problems.push({ field: 'webhookSecret', message: M.webhookSecretInvalid });
  if (problems.length === 0 && token.startsWith('TEST-') !== key.startsWith('TEST-'))
    problems.push({ field: 'publicKey', message: M.mixedModes });
  return problems;
}

export interface PastedTransbank {
  commerceCode: string;
  apiKey: string;
}

export function transbankCredentialProblems(
  input: PastedTransbank,
): { field: keyof PastedTransbank; message: string }[] {
  const M = PAYMENT_ACCOUNT_MESSAGES;
  const problems: { field: keyof PastedTransbank; message: string }[] = [];
  if (!/^\d{12}$/.test(input.commerceCode.trim()))
    problems.push({ field: 'commerceCode', message: M.commerceCodeInvalid });
  if (!/^[A-Za-z0-9]{32,128}$/.test(input.apiKey.trim()))
    problems.push({ field: 'apiKey', message: M.apiKeyInvalid });
  return problems;
}
