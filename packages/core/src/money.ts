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

/** A share of an amount, e.g. a 2% fee is percentOf(total, 0.02). */
export function percentOf(minor: number, ratio: number): number {
  return roundMinor(minor * ratio);
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
