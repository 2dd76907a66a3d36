import { DECIMAL_SEPARATOR, groupThousands, roundHalfAwayFromZero } from './number-format.ts';

// Money inside core is always an integer count of minor units (cents, or whole pesos for CLP).

export interface CurrencyInfo {
  code: string;
  symbol: string;
  decimals: number;
}

const ZERO_DECIMAL_CURRENCIES = new Set(['CLP', 'PYG', 'JPY']);

/** Minor-unit digits of an ISO currency code; unknown codes get 2 (COP included, as the platform keeps cents). */
export function currencyDecimals(code: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(code.trim().toUpperCase()) ? 0 : 2;
}

/** The one rounding function for money: half away from zero to an integer. */
export function roundMinor(value: number): number {
  return roundHalfAwayFromZero(value);
}

/** Converts a decimal amount to minor units, exactly for the decimal the amount is written as (1.005 -> 101). */
export function toMinor(amount: number, decimals: number): number {
  return roundMinor(amount * 10 ** decimals);
}

export function fromMinor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

/** How the shop rounds computed amounts: to the nearest unit (half up), always down or always up. */
export const ROUNDING_MODES = ['NEAREST', 'DOWN', 'UP'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/**
 * How an amount the platform computes (a percentage's share: service fee, general discount or
 * surcharge, percentage code) is rounded: to a multiple of `step` minor units, in the shop's `mode`.
 * Prices the shop typed (dishes, fixed fees) are never rounded.
 */
export interface MoneyRounding {
  /** Minor units of the smallest amount shown: 100 for ARS (whole pesos), 1 for a currency shown with cents. */
  step: number;
  mode: RoundingMode;
}

// Currencies whose prices are written in whole units although the currency has cents (its coins
// below one unit are out of use), as a diner sees them in the menu: ARS '$12.000', COP, UYU.
const WHOLE_UNIT_DISPLAY_CURRENCIES = new Set(['ARS', 'COP', 'UYU']);

/** Decimals a currency's prices are shown with: 0 for whole-unit currencies, else its minor-unit digits. */
export function currencyDisplayDecimals(code: string, decimals: number): number {
  return WHOLE_UNIT_DISPLAY_CURRENCIES.has(code.trim().toUpperCase()) ? 0 : Math.max(0, decimals);
}

export function isRoundingMode(value: unknown): value is RoundingMode {
  return typeof value === 'string' && (ROUNDING_MODES as readonly string[]).includes(value);
}

/**
 * The rounding of a shop's computed amounts: the currency's displayed unit (whole pesos for ARS) and
 * the mode the branch chose in its generalConfig (roundingMode; NEAREST when absent or unknown).
 * `decimals` are the currency's minor-unit digits (the amounts' units).
 */
export function moneyRoundingOf(
  currencyCode: string,
  decimals: number,
  generalConfig?: object | null,
): MoneyRounding {
  const shown = Math.min(currencyDisplayDecimals(currencyCode, decimals), Math.max(0, decimals));
  // read from any config shape: the server's stored JSON and the web's parsed answer both carry it
  const chosen = (generalConfig as { roundingMode?: unknown } | null | undefined)?.roundingMode;
  const mode = isRoundingMode(chosen) ? chosen : 'NEAREST';
  return { step: 10 ** (Math.max(0, decimals) - shown), mode };
}

/**
 * Rounds a computed amount (minor units, maybe fractional) to the rounding's step; without a rounding,
 * to a whole minor unit. The tolerance absorbs float error of the preceding multiplication, so a share
 * that is exactly whole (12300.000000000002) is not pushed up a unit by UP.
 */
export function roundAmount(value: number, rounding?: MoneyRounding | null): number {
  if (!rounding) return roundMinor(value);
  const step = Math.max(1, Math.trunc(rounding.step));
  const units = Math.abs(value) / step;
  const tolerance = Math.max(1e-9, units * 1e-12);
  const whole = Math.max(
    0,
    rounding.mode === 'DOWN'
      ? Math.floor(units + tolerance)
      : rounding.mode === 'UP'
        ? Math.ceil(units - tolerance)
        : roundHalfAwayFromZero(units),
  );
  const magnitude = whole * step;
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * A share of an amount, e.g. a 2% fee is percentOf(total, 0.02): to a whole minor unit, or to the
 * shop's rounding when given (the raw share is rounded once, never first to cents).
 */
export function percentOf(minor: number, ratio: number, rounding?: MoneyRounding | null): number {
  return roundAmount(minor * ratio, rounding);
}

/**
 * '$12.000', '$12,50', '-$500'. Decimals appear only when the currency has them and either
 * withDecimals is true or the amount has a fractional part; withDecimals false rounds to whole units.
 */
export function formatMoney(
  minor: number,
  currency: CurrencyInfo,
  opts?: { withDecimals?: boolean },
): string {
  const decimals = Math.max(0, currency.decimals);
  const factor = 10 ** decimals;
  let abs = Math.abs(roundMinor(minor));
  const showDecimals =
    decimals > 0 && opts?.withDecimals !== false && (opts?.withDecimals === true || abs % factor !== 0);
  if (!showDecimals) abs = roundMinor(abs / factor) * factor;
  const sign = minor < 0 && abs !== 0 ? '-' : '';
  const integerPart = groupThousands(Math.floor(abs / factor));
  const fraction = showDecimals ? `${DECIMAL_SEPARATOR}${String(abs % factor).padStart(decimals, '0')}` : '';
  return `${sign}${currency.symbol}${integerPart}${fraction}`;
}

/**
 * Change the cashier or rider takes to a customer paying cash with a larger note; null when none. Here
 * rather than among the console's rules: the checkout shows it too, and those bring time zones along.
 */
export function cashChange(paymentMethod: string, paysWith: number | null, total: number): number | null {
  if (paymentMethod !== 'CASH' || paysWith === null || paysWith <= total) return null;
  return paysWith - total;
}
