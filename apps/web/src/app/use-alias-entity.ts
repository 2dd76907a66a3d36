import type { Branch, DinerAlias } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { dinerQueries } from '../api/queries.ts';

export interface AliasEntity {
  alias: DinerAlias | undefined;
  branch: Branch | null;
  /** The business name for the header: the branch, or the company. */
  businessName: string | null;
  isPending: boolean;
}

/** The entity an alias names, and the branch whose theme and logo the shell shows. */
export function useAliasEntity(alias: string | undefined): AliasEntity {
  const query = useQuery({ ...dinerQueries.alias(alias ?? ''), enabled: Boolean(alias) });
  const data = query.data;
  let branch: Branch | null = null;
  let businessName: string | null = null;
  if (data?.type === 'branch') {
    branch = data.info;
    businessName = data.info.name;
  } else if (data?.type === 'branchContact') {
    branch = data.info.branch;
    businessName = data.info.branch.name;
  } else if (data?.type === 'company') {
    businessName = data.info.name;
  }
  return { alias: data, branch, businessName, isPending: Boolean(alias) && query.isPending };
}
