/**
 * How a shop connects its own Mercado Pago account to the platform (a Mercado Pago marketplace):
 * either Mercado Pago's OAuth authorization (the owner authorizes our application, we exchange the code
 * for the shop's credentials and renew them before their 180 days run out) or credentials the owner
 * pastes, checked with a harmless call (`GET /users/me`). Tokens and secrets never reach a log or an
 * error message: errors say what happened, not with what.
 */
import { MERCADO_PAGO_BASE_URL } from './mercado-pago-provider.ts';
import { PaymentProviderUnavailableError } from './provider.ts';

export const MERCADO_PAGO_AUTH_URL = 'https://auth.mercadopago.com';

/** A shop's Mercado Pago credentials, as the OAuth token endpoint grants them. */
export interface MercadoPagoGrant {
  accessToken: string;
  /** null when Mercado Pago sent none; each renewal sends a new one, the old one is then spent */
  refreshToken: string | null;
  publicKey: string | null;
  /** the shop's Mercado Pago account (the collector of its payments) */
  userId: string;
  /** when the access token stops working (now + expires_in); null when Mercado Pago did not say */
  expiresAt: Date | null;
  liveMode: boolean;
}

/** The shop's Mercado Pago account behind pasted credentials. */
export interface MercadoPagoAccount {
  userId: string;
  nickname: string | null;
  /** MLA (Argentina), MLC (Chile), MLM, MLB...: the country the account sells in */
  siteId: string | null;
}

/**
 * Mercado Pago refused the code, the refresh token or the access token (4xx): nothing to retry as is,
 * the owner connects again. `status` and `error` (Mercado Pago's code, e.g. invalid_grant or
 * invalid_client) tell a spent code from our application's credentials being wrong.
 */
export class MercadoPagoCredentialsRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly error: string | null = null,
  ) {
    super(message);
    this.name = 'MercadoPagoCredentialsRefusedError';
  }
}

interface CallOptions {
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
  /** 10 s unless given */
  timeoutMs?: number;
}

export interface MercadoPagoAuthorizationInput {
  /** our application's id (APP_ID) */
  clientId: string;
  /** where Mercado Pago sends the owner back with `?code=...&state=...`; registered in the application */
  redirectUri: string;
  /** ties the owner's return to the connection we started (CSRF) */
  state: string;
  /** a country's own authorization site (auth.mercadopago.com.ar...) instead of the default */
  authBaseUrl?: string | undefined;
}

/** The page the owner is sent to, to authorize our application on their Mercado Pago account. */
export function mercadoPagoAuthorizationUrl(input: MercadoPagoAuthorizationInput): string {
  if (!input.clientId || !input.state)
    throw new Error('Mercado Pago authorization needs a client id and a state');
  // a relative or malformed redirect URI would only fail on Mercado Pago's page, in front of the owner
  if (!URL.canParse(input.redirectUri))
    throw new Error('Mercado Pago authorization needs an absolute redirect URI');
  const url = new URL('/authorization', trimBase(input.authBaseUrl ?? MERCADO_PAGO_AUTH_URL));
  url.search = new URLSearchParams({
    client_id: input.clientId,
    response_type: 'code',
    platform_id: 'mp',
    state: input.state,
    redirect_uri: input.redirectUri,
  }).toString();
  return url.toString();
}

export interface MercadoPagoCodeExchange extends CallOptions {
  clientId: string;
  clientSecret: string;
  /** the `code` the owner came back with (single use, short-lived) */
  code: string;
  /** the same redirect URI the authorization was asked with */
  redirectUri: string;
  now: Date;
}

/** Exchanges the code the owner came back with for the shop's credentials. */
export function exchangeMercadoPagoCode(input: MercadoPagoCodeExchange): Promise<MercadoPagoGrant> {
  return requestGrant(input, {
    client_id: input.clientId,
    client_secret: input.clientSecret,
    code: input.code,
    grant_type: 'authorization_code',
    redirect_uri: input.redirectUri,
  });
}

export interface MercadoPagoGrantRefresh extends CallOptions {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  now: Date;
}

/** Renews the shop's credentials before they expire; store the new refresh token, the old one is spent. */
export function refreshMercadoPagoGrant(input: MercadoPagoGrantRefresh): Promise<MercadoPagoGrant> {
  return requestGrant(input, {
    client_id: input.clientId,
    client_secret: input.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: input.refreshToken,
  });
}

/** Checks pasted credentials: the access token must open the account it claims to. */
export async function checkMercadoPagoCredentials(
  input: { accessToken: string } & CallOptions,
): Promise<MercadoPagoAccount> {
  const { status, json } = await call(input, 'GET', '/users/me', {
    Authorization: `Bearer ${input.accessToken}`,
  });
  if (isRefusal(status))
    throw new MercadoPagoCredentialsRefusedError(
      `Mercado Pago refused the access token (${status})`,
      status,
      errorCode(json),
    );
  const user = asObject(json);
  const userId = user && idOf(user.id);
  if (status < 200 || status >= 300 || !user || !userId)
    throw new PaymentProviderUnavailableError(`Mercado Pago GET /users/me answered ${status}`);
  const nickname = optionalString(user.nickname);
  const siteId = optionalString(user.site_id);
  if (nickname === undefined || siteId === undefined)
    throw new PaymentProviderUnavailableError('Mercado Pago GET /users/me answered an unreadable user');
  return { userId, nickname, siteId };
}

async function requestGrant(
  input: CallOptions & { now: Date },
  body: Record<string, string>,
): Promise<MercadoPagoGrant> {
  const { status, json } = await call(
    input,
    'POST',
    '/oauth/token',
    { 'Content-Type': 'application/json' },
    body,
  );
  if (isRefusal(status))
    throw new MercadoPagoCredentialsRefusedError(
      `Mercado Pago refused the ${body.grant_type} grant (${status})`,
      status,
      errorCode(json),
    );
  const grant = status >= 200 && status < 300 ? grantOf(json, input.now) : null;
  if (!grant) throw new PaymentProviderUnavailableError(`Mercado Pago POST /oauth/token answered ${status}`);
  return grant;
}

/** The answer of `POST /oauth/token`, or null when it is not one we can trust. */
function grantOf(json: unknown, now: Date): MercadoPagoGrant | null {
  const token = asObject(json);
  if (!token) return null;
  const accessToken = token.access_token;
  const userId = idOf(token.user_id);
  const refreshToken = optionalString(token.refresh_token);
  const publicKey = optionalString(token.public_key);
  const expiresIn = token.expires_in;
  const liveMode = token.live_mode;
  if (
    typeof accessToken !== 'string' ||
    !accessToken ||
    !userId ||
    refreshToken === undefined ||
    publicKey === undefined ||
    !(expiresIn == null || (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn >= 0)) ||
    !(liveMode == null || typeof liveMode === 'boolean') ||
    !(
      token.token_type == null ||
      (typeof token.token_type === 'string' && /^bearer$/i.test(token.token_type))
    )
  )
    return null;
  return {
    accessToken,
    refreshToken,
    publicKey,
    userId,
    expiresAt: typeof expiresIn === 'number' ? new Date(now.getTime() + expiresIn * 1000) : null,
    // test credentials are the TEST- ones when Mercado Pago does not say
    liveMode: typeof liveMode === 'boolean' ? liveMode : !accessToken.startsWith('TEST-'),
  };
}

/** 4xx is Mercado Pago saying no; 408 and 429 only say "not now". */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

async function call(
  options: CallOptions,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const doFetch = options.fetch ?? fetch;
  const url = `${trimBase(options.baseUrl ?? MERCADO_PAGO_BASE_URL)}${path}`;
  try {
    const res = await doFetch(url, {
      method,
      headers: { Accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // read under the same signal: a body that never ends is a timeout too
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch (error) {
    // only the error's kind: a fetch error (or a custom fetch's) could quote the request and its token
    throw new PaymentProviderUnavailableError(`Mercado Pago ${method} ${path} failed: ${failureOf(error)}`);
  }
}

function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? `${error.name} (${code})` : error.name;
}

const trimBase = (url: string) => url.replace(/\/+$/, '');

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Mercado Pago's ids are numbers in JSON; ours are strings. */
function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(value)) return value;
  return null;
}

/** A string, null when absent, undefined when it is something else (an unreadable answer). */
function optionalString(value: unknown): string | null | undefined {
  if (value == null || value === '') return null;
  return typeof value === 'string' ? value : undefined;
}

/** Mercado Pago's error code (invalid_grant...), never free text that could quote what we sent. */
function errorCode(json: unknown): string | null {
  const code = asObject(json)?.error;
  return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : null;
}
