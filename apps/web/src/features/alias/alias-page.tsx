import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { CardListSkeleton, Skeleton } from '../../ui/skeleton.tsx';
import { BranchSelect } from '../branch-select/branch-select.tsx';
import { CompanyBranches } from '../company/company-branches.tsx';
import { OrderModeSelect } from '../order-mode/order-mode-select.tsx';
import { StatusFromError } from '../status/status-screen.tsx';

/** /menu/{alias}: a company lists its branches, a branch its contacts, a contact its order modes. */
export function AliasPage() {
  const { alias = '' } = useParams();
  const query = useQuery(dinerQueries.alias(alias));

  if (query.isPending) return <AliasPageSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;

  const entity = query.data;
  if (entity.type === 'company') return <CompanyBranches company={entity.info} />;
  if (entity.type === 'branch') return <BranchSelect branch={entity.info} />;
  return <OrderModeSelect contact={entity.info} />;
}

export function AliasPageSkeleton() {
  return (
    <div className="page skeleton-page">
      <Skeleton width="70%" height={26} />
      <Skeleton width="45%" height={16} />
      <CardListSkeleton />
    </div>
  );
}
