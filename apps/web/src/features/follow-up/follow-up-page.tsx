import { MESSAGES, REFRESH_AFTER_UPDATE_MS, whatsAppLink } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api.ts';
import { IconDelivery, IconWhatsApp } from '../../ui/icons.tsx';
import { CurrencyProvider } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { openInstallPrompt } from '../install-app/install-state.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { StatusScreen } from '../status/status-screen.tsx';
import { IconAlert } from './follow-up-icons.tsx';
import { followUpQueries } from './follow-up-queries.ts';
import { OrderAmounts, OrderDetail, OrderHeader, ProgressTrack } from './follow-up-sections.tsx';
import { ReportProblemModal } from './report-problem-modal.tsx';
import { useOrderLiveUpdates } from './use-order-live-updates.ts';
import '../../ui/card.css';
import '../../ui/option-list.css';
import '../../ui/price-summary.css';
import './follow-up.css';

/** The order follow-up page, `/menu/{alias}/order/{orderCode}` (post-order-and-logistics.md section 2). */
export function FollowUpPage() {
  const { alias = '', orderCode = '' } = useParams();
  // one options object per order: the live subscription depends on its key
  const options = useMemo(() => followUpQueries.order(alias, orderCode), [alias, orderCode]);
  const { queryKey } = options;
  const order = useQuery(options);
  useQueryFlags(queryKey);
  useOrderLiveUpdates(alias, orderCode, queryKey, order.data?.inProgress === true);

  // an order on screen stays there when a later refresh fails (a phone on a flaky network)
  if (order.data) {
    // the spec's order-error view for an order whose time to pay ran out
    if (order.data.status === 'PAYMENT_EXPIRED') {
      return (
        <StatusScreen
          kind="error"
          title="Pedido vencido"
          body={MESSAGES.paymentTimeExpired}
          link={{ to: `/menu/${alias}`, label: 'Ir al menú' }}
        />
      );
    }
    return <FollowUpView order={order.data} queryKey={queryKey} />;
  }
  if (order.isPending) return <FollowUpSkeleton />;
  return isApiError(order.error) && order.error.status === 404 ? (
    <StatusScreen
      kind="notFound"
      title="No encontramos este pedido"
      body="Revisá que el enlace sea correcto o consultá al local."
      link={{ to: `/menu/${alias}`, label: 'Ir al menú' }}
    />
  ) : (
    <StatusScreen
      kind="error"
      body={isApiError(order.error) ? order.error.message : undefined}
      onRetry={() => void order.refetch()}
    />
  );
}

/** The spec's query flags: refreshAfterUpdate (refresh after 5 s) and showPWA (the install prompt). */
function useQueryFlags(queryKey: QueryKey) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const refreshAfterUpdate = params.get('refreshAfterUpdate') === 'true';
  const showPwa = params.get('showPWA') === 'true';

  useEffect(() => {
    if (!refreshAfterUpdate) return;
    // the points earned are written with the order, but a business's console may still change it
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey });
    }, REFRESH_AFTER_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [refreshAfterUpdate, queryClient, queryKey]);

  useEffect(() => {
    if (showPwa) openInstallPrompt();
  }, [showPwa]);
}

function FollowUpView({ order, queryKey }: { order: FollowUpOrder; queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  const currency = useContactCurrency({ country: order.branchContact.country, currency: order.currency });
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const contact = order.branchContact;
  const shipment = order.shipments.find((s) => !s.returnShipment) ?? null;
  const whatsApp = whatsAppLink(
    contact.whatsAppPhone,
    `Hola, tengo una consulta sobre mi pedido #${order.code}`,
  );
  const codeId = useId();

  return (
    <CurrencyProvider value={currency}>
      <div className="follow-up-page">
        <OrderHeader order={order} timeZone={contact.timeZone} />
        <ProgressTrack order={order} timeZone={contact.timeZone} />

        {reported ? (
          <p className="follow-up-banner" role="status">
            Recibimos tu reporte. El local se va a comunicar con vos.
          </p>
        ) : null}

        {order.shipmentSecurityCode ? (
          <section className="card follow-up-code" aria-labelledby={codeId}>
            <h2 id={codeId} className="card__title">
              Clave de entrega
            </h2>
            <p className="follow-up-code__value">{order.shipmentSecurityCode}</p>
            <p className="follow-up-note">El repartidor te solicitará esta clave al entregar el pedido</p>
          </section>
        ) : null}

        <nav className="follow-up-actions" aria-label="Acciones del pedido">
          {shipment && order.inProgress ? (
            <Link className="button button--primary follow-up-actions__button" to={shipment.trackingUrl}>
              <IconDelivery size={20} />
              Seguir mi envío
            </Link>
          ) : null}
          {whatsApp ? (
            <a
              className="button button--secondary follow-up-actions__button"
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
            >
              <IconWhatsApp size={20} />
              Contactar al local
            </a>
          ) : null}
          {order.canReportError ? (
            <button
              type="button"
              className="button button--secondary follow-up-actions__button"
              onClick={() => setReporting(true)}
            >
              <IconAlert size={20} />
              Reportar un problema
            </button>
          ) : null}
          <Link className="button button--ghost follow-up-actions__button" to={`/menu/${contact.alias}`}>
            Volver al menú
          </Link>
        </nav>

        <OrderDetail order={order} />
        <OrderAmounts order={order} />

        <ReportProblemModal
          open={reporting}
          code={order.code}
          onClose={() => setReporting(false)}
          onReported={(updated) => {
            queryClient.setQueryData(queryKey, updated);
            setReporting(false);
            setReported(true);
          }}
        />
      </div>
    </CurrencyProvider>
  );
}

function FollowUpSkeleton() {
  return (
    <div className="follow-up-page">
      <LoadingRegion>
        <div className="follow-up-skeleton">
          <Skeleton height={176} radius={12} />
          <Skeleton height={112} radius={12} />
          <Skeleton height={52} radius={12} />
          <Skeleton height={200} radius={12} />
        </div>
      </LoadingRegion>
    </div>
  );
}
