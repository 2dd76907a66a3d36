import { MESSAGES } from '@comanda/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { IconInfo, IconSearch, IconStore } from '../../ui/icons.tsx';
import './status-screen.css';

export type StatusKind = 'notFound' | 'inactive' | 'blocked' | 'error';

export const BLOCKED_MESSAGE = 'Este local no está disponible en este momento.';

const COPY: Record<StatusKind, { title: string; body: string }> = {
  notFound: {
    title: 'No encontramos este local',
    body: 'Revisá que el enlace sea correcto o buscá otro local.',
  },
  inactive: {
    title: 'Este local no está tomando pedidos',
    body: 'Por el momento no tiene menús disponibles. Volvé a intentarlo más tarde.',
  },
  blocked: { title: BLOCKED_MESSAGE, body: 'Volvé a intentarlo más tarde.' },
  error: { title: 'Algo salió mal', body: MESSAGES.genericRetry },
};

export interface StatusScreenProps {
  kind: StatusKind;
  /** Replaces the kind's default title (e.g. an order rather than a shop was not found). */
  title?: string;
  /** Replaces the default explanation (e.g. the server's message for an error). */
  body?: string;
  link?: { to: string; label: string };
  onRetry?: () => void;
  /** Inside a screen that has its own title: an h2 and less room. */
  compact?: boolean;
}

function iconOf(kind: StatusKind): ReactNode {
  if (kind === 'notFound') return <IconSearch size={32} />;
  if (kind === 'inactive' || kind === 'blocked') return <IconStore size={32} />;
  return <IconInfo size={32} />;
}

/** Full-page state for an alias or screen that cannot be shown. */
export function StatusScreen({ kind, title, body, link, onRetry, compact = false }: StatusScreenProps) {
  const copy = COPY[kind];
  const titleId = useId();
  const Heading = compact ? 'h2' : 'h1';
  const defaultLink = kind === 'notFound' ? { to: '/menu', label: 'Ir al inicio' } : undefined;
  const action = link ?? defaultLink;
  return (
    <section
      className={`status-screen page${compact ? ' status-screen--compact' : ''}`}
      aria-labelledby={titleId}
    >
      <span className={`status-screen__icon status-screen__icon--${kind}`}>{iconOf(kind)}</span>
      <Heading id={titleId} className="status-screen__title">
        {title ?? copy.title}
      </Heading>
      <p className="status-screen__body">{body ?? copy.body}</p>
      <div className="status-screen__actions">
        {onRetry ? <Button onClick={onRetry}>Reintentar</Button> : null}
        {action ? (
          <Link className="button button--secondary" to={action.to}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** The status screen an API error calls for: unknown alias, blocked shop, or a retryable failure. */
export function StatusFromError({
  error,
  onRetry,
  compact,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
}) {
  if (isApiError(error)) {
    // a malformed alias (400) is as unknown as a missing one
    if (error.status === 404 || error.status === 400)
      return <StatusScreen kind="notFound" compact={compact} />;
    if (error.code === 'BLOCKED') return <StatusScreen kind="blocked" compact={compact} />;
    return <StatusScreen kind="error" body={error.message} onRetry={onRetry} compact={compact} />;
  }
  return <StatusScreen kind="error" onRetry={onRetry} compact={compact} />;
}
