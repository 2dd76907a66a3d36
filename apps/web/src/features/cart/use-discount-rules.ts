import type { MenuDiscountRule } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dinerQueries } from '../../api/queries.ts';
import { discountRulesOf } from './from-menu.ts';

const NONE: MenuDiscountRule[] = [];

/** The branch's menu discounts as core rules (minor units); `ready` once they arrived. */
export function useDiscountRules(
  branchId: number,
  decimals: number,
): { rules: MenuDiscountRule[]; ready: boolean } {
  const query = useQuery(dinerQueries.discounts(branchId));
  const rules = useMemo(
    () => (query.data ? discountRulesOf(query.data, decimals) : NONE),
    [query.data, decimals],
  );
  return { rules, ready: query.isSuccess };
}
