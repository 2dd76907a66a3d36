import type { ConsoleSession } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { isApiError } from '../../api/api.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { backOfficeApi, backOfficeQueries } from './back-office-api.ts';
import '../console/console.css';
import './back-office.css';

export interface BackOfficePageProps {
  /** Client-side navigation, handed in by the route (these chunks import nothing of react-router). */
  go: (path: string) => void;
}

/**
 * The owner's sections: the day's work first (live orders, history, reports), then the shop's settings
 * in the order an owner sets a shop up. Kitchen staff see the first two only (STAFF_SECTION_COUNT).
 */
export const OWNER_SECTIONS = [
  { path: '/console', label: 'Pedidos' },
  { path: '/console/pedidos', label: 'Historial' },
  { path: '/console/reportes', label: 'Reportes' },
  { path: '/console/tienda', label: 'Tu tienda' },
  { path: '/console/horarios', label: 'Horarios' },
  { path: '/console/envios', label: 'Envíos' },
  { path: '/console/menu', label: 'Menú' },
  { path: '/console/marca', label: 'Marca' },
  { path: '/console/cobros', label: 'Cobros' },
  { path: '/console/equipo', label: 'Equipo' },
] as const;
const STAFF_SECTION_COUNT = 2;

/** A page's data that did not load: the server's reason and 'Reintentar' (every owner page says it so). */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="back-office__notice" role="alert">
      <p>{error.message}</p>
      <button type="button" className="back-office__retry" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

/** A link that navigates inside the app (and still opens in a new tab with a modifier key). */
export function AppLink({
  to,
  go,
  className,
  children,
  current,
}: {
  to: string;
  go: (path: string) => void;
  className?: string;
  children: ReactNode;
  current?: boolean;
}) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to);
  }
  return (
    <a href={to} className={className} onClick={follow} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

/**
 * The frame of every owner page: the business's name, the sections and signing out. Without a session it
 * sends to the sign-in; a kitchen account (STAFF) is told the page is the owner's.
 */
export function OwnerShell({
  go,
  current,
  title,
  actions,
  staffAllowed = false,
  children,
}: BackOfficePageProps & {
  current: string;
  title: string;
  actions?: ReactNode;
  /** kitchen staff may use this page too (the order history); the others are the owner's only */
  staffAllowed?: boolean;
  children: (session: ConsoleSession) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const session = useQuery(backOfficeQueries.session());
  const unauthorized = isApiError(session.error) && session.error.status === 401;
  useEffect(() => {
    if (unauthorized) go('/console/login');
  }, [unauthorized, go]);
  useEffect(() => {
    document.title = `${title} · Comanda`;
  }, [title]);
  // on a phone the sections scroll sideways: the current one is brought into view (sideways only)
  useEffect(() => {
    const link = document.querySelector<HTMLElement>('.back-office__nav-link[aria-current="page"]');
    const nav = link?.parentElement;
    if (link && nav) nav.scrollLeft = link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2;
  }, []);

  async function signOut() {
    await backOfficeApi.signOut().catch(() => null);
    queryClient.clear();
    go('/console/login');
  }

  const staff = session.data?.staff;
  return (
    <div className="console back-office">
      <header className="back-office__header">
        <div className="back-office__brand">
          <span className="back-office__product">Comanda</span>
          {staff ? <span className="back-office__business">{staff.branchName}</span> : null}
        </div>
        {staff ? (
          <button type="button" className="back-office__sign-out" onClick={() => void signOut()}>
            Cerrar sesión
          </button>
        ) : null}
      </header>
      <nav className="back-office__nav" aria-label="Secciones">
        {/* a kitchen account has the orders only */}
        {(staff?.role === 'STAFF' ? OWNER_SECTIONS.slice(0, STAFF_SECTION_COUNT) : OWNER_SECTIONS).map(
          (section) => (
            <AppLink
              key={section.path}
              to={section.path}
              go={go}
              className="back-office__nav-link"
              current={section.path === current}
            >
              {section.label}
            </AppLink>
          ),
        )}
      </nav>
      <main className="back-office__main">
        <div className="back-office__title-row">
          <h1 className="back-office__title">{title}</h1>
          {actions ? <div className="back-office__actions">{actions}</div> : null}
        </div>
        {session.data ? (
          session.data.staff.role === 'OWNER' || staffAllowed ? (
            children(session.data)
          ) : (
            <p className="back-office__notice" role="alert">
              Solo el dueño del local puede cambiar esto. Pedile acceso a quien administra la tienda.
            </p>
          )
        ) : session.isError && !unauthorized ? (
          <div className="back-office__notice" role="alert">
            <p>{session.error.message}</p>
            <button type="button" className="back-office__retry" onClick={() => void session.refetch()}>
              Reintentar
            </button>
          </div>
        ) : (
          <LoadingRegion label="Cargando…">
            <div className="back-office__skeleton">
              <Skeleton height={56} />
              <Skeleton height={120} />
              <Skeleton height={120} />
            </div>
          </LoadingRegion>
        )}
      </main>
    </div>
  );
}
