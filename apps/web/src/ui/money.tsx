import { type CurrencyInfo, formatMoney, toMinor } from '@comanda/core';
import { createContext, useContext } from 'react';

const DEFAULT_CURRENCY: CurrencyInfo = { code: 'ARS', symbol: '$', decimals: 2 };

const CurrencyContext = createContext<CurrencyInfo>(DEFAULT_CURRENCY);

export const CurrencyProvider = CurrencyContext.Provider;

export function useCurrency(): CurrencyInfo {
  return useContext(CurrencyContext);
}

/** Formats an API amount (currency units) with the core money rules: '$12.000', '$12,50'. */
export function useFormatMoney(): (amount: number, opts?: { withDecimals?: boolean }) => string {
  const currency = useCurrency();
  return (amount, opts) => formatMoney(toMinor(amount, currency.decimals), currency, opts);
}

export interface MoneyProps {
  /** Amount in currency units, as the API sends it. */
  amount: number;
  /** false: rounded to whole units (the spec's minimum order). */
  withDecimals?: boolean;
  className?: string;
}

export function Money({ amount, withDecimals, className }: MoneyProps) {
  const format = useFormatMoney();
  return (
    <span className={className}>
      {format(amount, withDecimals === undefined ? undefined : { withDecimals })}
    </span>
  );
}

/** Formats an amount already in minor units (the cart's, from core). */
export function useFormatMinor(): (minor: number, opts?: { withDecimals?: boolean }) => string {
  const currency = useCurrency();
  return (minor, opts) => formatMoney(minor, currency, opts);
}

export function MinorMoney({ minor, className }: { minor: number; className?: string }) {
  const format = useFormatMinor();
  return <span className={className}>{format(minor)}</span>;
}
