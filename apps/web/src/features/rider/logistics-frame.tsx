import { MESSAGES } from '@comanda/core';
import type { BranchContact } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { dinerQueries } from '../../api/queries.ts';
import { useBranchTheme } from '../../theme/apply-theme.ts';
import { Button } from '../../ui/button.tsx';
import { IconInfo } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import '../status/status-screen.css';
import { AppLink, type Go } from './app-link.tsx';
import { riderVariantPath } from './rider-paths.ts';
import './rider.css';

/** The branch contact of a logistics alias (name, logo, id, country), with its colours on the page. */
export function useLogisticsContact(alias: string) {
  const query = useQuery({ ...dinerQueries.alias(alias), enabled: Boolean(alias) });
  const contact: BranchContact | null = query.data?.type === 'branchContact' ? query.data.info : null;
  useBranchTheme(contact?.branch ?? null);
  return {
    contact,
    isPending: query.isPending,
    /** The alias is not a branch contact (or failed to load): the riders' pages cannot work. */
    failed: query.isError || (query.isSuccess && !contact),
    refetch: query.refetch,
  };
}

export function useDocumentTitle(title: string, brand: string | undefined) {
  useEffect(() => {
    document.title = brand ? `${brand} | ${title}` : title;
  }, [title, brand]);
}

/** The riders' page header: the contact's logo and name above the page title. */
export function LogisticsHeader({
  contact,
  title,
  titleId,
  children,
}: {
  contact: BranchContact | null;
  title: string;
  titleId?: string;
  children?: ReactNode;
}) {
  return (
    <header className="logistics-header">
      <div className="logistics-header__brand">
        {contact ? (
          <Logo url={contact.branch.customLogoURL} name={contact.name} size={44} decorative />
        ) : (
          <Skeleton width={44} height={44} radius="50%" />
        )}
        {contact ? (
          <p className="logistics-header__contact">{contact.name}</p>
        ) : (
          <Skeleton width="45%" height={18} />
        )}
      </div>
      <div className="logistics-header__row">
        <h1 id={titleId} className="logistics-header__title">
          {title}
        </h1>
        {children}
      </div>
    </header>
  );
}

/**
 * The spec's 404 for any access failure of a rider ('Acceso denegado o link expirado'). A new shift
 * gives the rider a new token, so the way out is the register page.
 */
export function AccessDenied({ alias, go }: { alias: string; go: Go }) {
  const titleId = useId();
  useDocumentTitle(MESSAGES.accessDenied, undefined);
  return (
    <main className="status-screen page" aria-labelledby={titleId}>
      <span className="status-screen__icon status-screen__icon--blocked">
        <IconInfo size={32} />
      </span>
      <h1 id={titleId} className="status-screen__title">
        {MESSAGES.accessDenied}
      </h1>
      {alias ? (
        <div className="status-screen__actions">
          <AppLink className="button button--primary" href={riderVariantPath(alias, 'phoneIntake')} go={go}>
            {MESSAGES.startShift}
          </AppLink>
        </div>
      ) : null}
    </main>
  );
}

/** A refresh button that shows it is working ('Actualizar'). */
export function RefreshButton({
  onClick,
  busy,
  block = false,
  className,
}: {
  onClick: () => void;
  busy: boolean;
  block?: boolean;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      block={block}
      className={className}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="rider-spinner" aria-hidden="true" /> : null}
      {MESSAGES.refresh}
    </Button>
  );
}
