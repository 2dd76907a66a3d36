import type { Company } from '@comanda/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { IconChevronRight } from '../../ui/icons.tsx';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { CardListSkeleton } from '../../ui/skeleton.tsx';
import { StatusFromError } from '../status/status-screen.tsx';
import '../branch-select/cards.css';

/** Company alias: its branches as cards (logo, name), 99 per page; a card opens the branch alias. */
export function CompanyBranches({ company }: { company: Company }) {
  const { search } = useLocation();
  const query = useInfiniteQuery(dinerQueries.companyBranches(company.id));
  const branches = query.data?.pages.flatMap((page) => page.branches) ?? [];

  return (
    <section className="page" aria-labelledby="company-title">
      <h1 id="company-title" className="page-title">
        {company.name}
      </h1>
      <p className="page-lead">Elegí dónde querés pedir.</p>
      {query.isPending ? <CardListSkeleton count={3} /> : null}
      {query.isError ? (
        <StatusFromError error={query.error} onRetry={() => void query.refetch()} compact />
      ) : null}
      {query.isSuccess && branches.length === 0 ? (
        <p className="empty-note">Todavía no hay locales disponibles.</p>
      ) : null}
      <ul className="card-list">
        {branches.map((branch) => (
          <li key={branch.id}>
            <Link className="card card--link" to={`/menu/${branch.alias}${search}`}>
              <Logo url={branch.customLogoURL} name={branch.name} size={56} decorative />
              <span className="card__main">
                <span className="card__title">{branch.name}</span>
              </span>
              <IconChevronRight className="card__chevron" />
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMoreButton
          label="Ver más"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      ) : null}
    </section>
  );
}
