import { orderQueryText, whatsAppLink } from '@comanda/core';
import type { BranchContact, SupportInfo } from '@comanda/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { apiGet, isApiError } from '../../api/api.ts';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { useBranchTheme } from '../../theme/apply-theme.ts';
import { AppLink, type Go } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { IconWhatsApp } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { CHAT_LABEL, IconChat, useSupportChat } from './support-chat.tsx';
// shared styles only: a stylesheet of its own would cost every diner page's entry its file name
import '../../ui/card.css';

export const SUPPORT_TITLE = 'Ayuda con tu pedido';
export const SUPPORT_NO_REFERENCE =
  'Abrí el link de seguimiento que recibiste al pedir: desde ahí podés escribirle al local.';
export const SUPPORT_NOT_FOUND = 'No encontramos este pedido. Revisá el link que recibiste.';
export const SUPPORT_NO_CHANNEL =
  'Este local no tiene chat ni WhatsApp cargados. Podés ver el estado de tu pedido en su seguimiento.';

const STACK = { display: 'grid', gap: 12 } as const;

export const supportQuery = (referenceId: string) =>
  queryOptions({
    queryKey: ['support', referenceId],
    queryFn: ({ signal }) =>
      apiGet<SupportInfo>(`/api/diner/support/${encodeURIComponent(referenceId)}`, { signal }),
    retry: false,
  });

/** The route's component: the query's referenceId and the router's navigation. */
export function SupportRoute() {
  const [search] = useSearchParams();
  const navigate = useStableNavigate();
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  return <SupportPage referenceId={search.get('referenceId')} go={go} />;
}

/**
 * The support page, `/soporte?referenceId={orderCode}` (post-order-and-logistics.md section 2: 'a support
 * host path /soporte with an optional referenceId query parameter'; decision 018). It names the order
 * and its shop and offers the shop's chat (opened with a query about the order) or its WhatsApp, and the
 * follow-up. Like every other page, it loads the provider's script only when the diner taps the chat.
 */
export function SupportPage({ referenceId, go }: { referenceId: string | null; go: Go }) {
  const reference = referenceId?.trim() ?? '';
  const info = useQuery({ ...supportQuery(reference), enabled: reference !== '' });
  const alias = info.data?.shop.alias ?? '';
  const contactQuery = useQuery({ ...dinerQueries.alias(alias), enabled: alias !== '' });
  const contact: BranchContact | null =
    contactQuery.data?.type === 'branchContact' ? contactQuery.data.info : null;
  useBranchTheme(contact?.branch ?? null);
  const titleId = useId();

  useEffect(() => {
    document.title = info.data ? `${info.data.shop.name} | ${SUPPORT_TITLE}` : SUPPORT_TITLE;
  }, [info.data]);

  let body: ReactNode;
  if (reference === '') body = <Notice text={SUPPORT_NO_REFERENCE} />;
  else if (info.isPending) body = <SupportSkeleton />;
  else if (info.isError) {
    const notFound = isApiError(info.error) && info.error.status === 404;
    body = notFound ? (
      <Notice text={SUPPORT_NOT_FOUND} />
    ) : (
      <Notice
        text={isApiError(info.error) ? info.error.message : 'No pudimos cargar tu pedido.'}
        action={
          <Button variant="secondary" onClick={() => void info.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  } else body = <SupportChannels info={info.data} go={go} />;

  return (
    <main className="page" style={{ maxWidth: 560 }} aria-labelledby={titleId}>
      <section className="card">
        <header>
          {info.data ? (
            <p style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12, fontWeight: 600 }}>
              <Logo url={info.data.shop.logoUrl} name={info.data.shop.name} size={44} decorative />
              {info.data.shop.name}
            </p>
          ) : null}
          <h1 id={titleId} className="page-title">
            {SUPPORT_TITLE}
          </h1>
          {info.data ? <p className="page-lead">Pedido #{info.data.orderCode}</p> : null}
        </header>
        {body}
      </section>
    </main>
  );
}

function SupportChannels({ info, go }: { info: SupportInfo; go: Go }) {
  const chat = useSupportChat(info.supportChat);
  const query = orderQueryText(info.orderCode);
  const whatsApp = info.supportChat ? null : whatsAppLink(info.shop.whatsAppPhone, query);
  return (
    <div style={STACK}>
      <p>
        {info.supportChat || whatsApp
          ? `Escribile a ${info.shop.name}: tu consulta ya lleva el número de pedido.`
          : SUPPORT_NO_CHANNEL}
      </p>
      {info.supportChat ? (
        <Button block aria-busy={chat.opening || undefined} onClick={() => void chat.open(query)}>
          <IconChat size={20} />
          {CHAT_LABEL}
        </Button>
      ) : null}
      {whatsApp ? (
        <a
          className="button button--primary button--block"
          href={whatsApp}
          target="_blank"
          rel="noopener noreferrer"
        >
          <IconWhatsApp size={20} />
          Escribir por WhatsApp
        </a>
      ) : null}
      <AppLink className="button button--secondary button--block" href={info.followUpPath} go={go}>
        Ver mi pedido
      </AppLink>
    </div>
  );
}

function Notice({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div style={STACK}>
      <p>{text}</p>
      {action}
    </div>
  );
}

function SupportSkeleton() {
  return (
    <LoadingRegion>
      <div style={STACK}>
        <Skeleton height={20} width="80%" />
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
      </div>
    </LoadingRegion>
  );
}
