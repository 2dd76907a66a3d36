import { type CurrencyInfo, currencyDecimals } from '@comanda/core';
import type { BranchContact } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dinerQueries } from '../../api/queries.ts';

/**
 * The contact's currency from its country (symbol and decimals). Until the country answers, the
 * currency code alone is enough to price the menu: '$' and the code's usual decimals.
 */
export function useContactCurrency(contact: Pick<BranchContact, 'country' | 'currency'>): CurrencyInfo {
  const country = useQuery(dinerQueries.country(contact.country));
  const fromCountry = country.data?.currency;
  return useMemo(
    () =>
      fromCountry ?? { code: contact.currency, symbol: '$', decimals: currencyDecimals(contact.currency) },
    [fromCountry, contact.currency],
  );
}
