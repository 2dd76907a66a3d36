/**
 * The one-time code that proves a diner's phone before a session opens (post-order-and-logistics.md:
 * sign-in by phone; a phone number alone opens nothing). The server draws the digits from crypto and
 * stores only a hash; these are the rules both the server and the sign-in screen follow.
 */

export const SIGN_IN_CODE_LENGTH = 6;
/** A code works for 10 minutes after it is sent. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
/**
 * Guesses one code takes from one address (the right one included); then that address asks for a new
 * code. A stranger's wrong guesses from elsewhere do not spend the diner's.
 */
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
/** Guesses one code takes from all addresses together: 20 of a million. */
export const SIGN_IN_CODE_MAX_GUESSES = 20;
/** Codes one phone may ask for from one address in SIGN_IN_CODE_WINDOW_MS. */
export const SIGN_IN_CODES_PER_WINDOW = 3;
export const SIGN_IN_CODE_WINDOW_MS = 10 * 60_000;
/** Codes one phone may ask for from one address in a day. */
export const SIGN_IN_CODES_PER_DAY = 10;
/**
 * Codes one phone gets in a day from all addresses together: the ceiling that keeps anyone from
 * flooding a phone with messages, three addresses' worth of the per-address limits.
 */
export const SIGN_IN_CODES_PER_PHONE_PER_DAY = 30;
export const SIGN_IN_CODE_DAY_MS = 24 * 60 * 60_000;
/** The screen offers 'Reenviar código' this long after a code was sent; the server refuses sooner. */
export const SIGN_IN_CODE_RESEND_AFTER_MS = 60_000;

const CODE_SPACE = 10 ** SIGN_IN_CODE_LENGTH;

/** A number below one million as the 6-digit code, leading zeros kept ('004217'). */
export function formatSignInCode(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= CODE_SPACE)
    throw new RangeError(`a sign-in code is an integer below ${CODE_SPACE}`);
  return String(value).padStart(SIGN_IN_CODE_LENGTH, '0');
}

/**
 * The code a diner typed or pasted, as its 6 digits ('123 456', '123-456' and ' 123456 ' are
 * '123456'), or null when it is not 6 digits. Letters are never ignored: '12a456' is no code.
 */
export function readSignInCode(raw: string): string | null {
  const compact = raw.replace(/[\s\-.]/g, '');
  return new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(compact) ? compact : null;
}

export type SignInCodeState = 'LIVE' | 'USED' | 'EXPIRED' | 'LOCKED';

/**
 * Whether a stored code may still be tried: not used, not past its 10 minutes, guesses left (`attempts`
 * counted against `maxAttempts`: a rider's code takes 5, a diner's 20 from all addresses together).
 */
export function signInCodeState(
  code: { expiresAt: Date; usedAt: Date | null; attempts: number },
  now: Date,
  maxAttempts = SIGN_IN_CODE_MAX_ATTEMPTS,
): SignInCodeState {
  if (code.usedAt) return 'USED';
  if (code.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (code.attempts >= maxAttempts) return 'LOCKED';
  return 'LIVE';
}

/**
 * When the phone may ask for its next code, given when its recent codes were sent (any order): null
 * when it may now. The limits: one code a minute, 3 in 10 minutes, 10 in a day.
 */
export function nextSignInCodeAt(sentAt: readonly Date[], now: Date): Date | null {
  const t = now.getTime();
  const times = sentAt.map((d) => d.getTime()).filter((time) => time > t - SIGN_IN_CODE_DAY_MS);
  times.sort((a, b) => b - a); // newest first
  const waits: number[] = [];
  const last = times[0];
  if (last !== undefined && t - last < SIGN_IN_CODE_RESEND_AFTER_MS)
    waits.push(last + SIGN_IN_CODE_RESEND_AFTER_MS);
  const inWindow = times.filter((time) => time > t - SIGN_IN_CODE_WINDOW_MS);
  if (inWindow.length >= SIGN_IN_CODES_PER_WINDOW)
    waits.push((inWindow[SIGN_IN_CODES_PER_WINDOW - 1] as number) + SIGN_IN_CODE_WINDOW_MS);
  if (times.length >= SIGN_IN_CODES_PER_DAY)
    waits.push((times[SIGN_IN_CODES_PER_DAY - 1] as number) + SIGN_IN_CODE_DAY_MS);
  return waits.length ? new Date(Math.max(...waits)) : null;
}

/**
 * When a diner's phone may get its next code asked from `address`: the limits above count the codes
 * asked from that address only (a stranger asking for codes does not use up the diner's), and the
 * phone's daily ceiling counts all of them. Null when it may now.
 */
export function nextSignInCodeFromAddressAt(
  sent: readonly { at: Date; from: string | null }[],
  address: string,
  now: Date,
): Date | null {
  const own = nextSignInCodeAt(
    sent.filter((code) => code.from === address).map((code) => code.at),
    now,
  );
  const t = now.getTime();
  const today = sent
    .map((code) => code.at.getTime())
    .filter((time) => time > t - SIGN_IN_CODE_DAY_MS)
    .sort((a, b) => b - a);
  const ceiling =
    today.length >= SIGN_IN_CODES_PER_PHONE_PER_DAY
      ? new Date((today[SIGN_IN_CODES_PER_PHONE_PER_DAY - 1] as number) + SIGN_IN_CODE_DAY_MS)
      : null;
  if (!own) return ceiling;
  if (!ceiling) return own;
  return own > ceiling ? own : ceiling;
}

/** Whole seconds left until `until` (0 once it has passed): the resend countdown. */
export function secondsUntil(until: Date | number, now: Date | number): number {
  const ms = new Date(until).getTime() - new Date(now).getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** '0:45', '1:00': the countdown beside 'Reenviar código'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
