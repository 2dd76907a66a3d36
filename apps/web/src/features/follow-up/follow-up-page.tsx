import {
  deliveryShipmentOf,
  formatMoney,
  MESSAGES,
  orderQueryText,
  REFRESH_AFTER_UPDATE_MS,
  type SupportChatConfig,
  toMinor,
  whatsAppLink,
} from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api.ts';
import { IconDelivery, IconWhatsApp } from '../../ui/icons.tsx';
import { CurrencyProvider, useFormatMoney } from '../../ui/money.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { track } from '../analytics/track.ts';
import { openInstallPrompt } from '../install-app/install-state.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { StatusScreen } from '../status/status-screen.tsx';
import { CHAT_LABEL, IconChat, useSupportChat } from '../support-chat/support-chat.tsx';
import { RateOrderLink } from '../survey/rate-order-link.tsx';
import { IconAlert } from './follow-up-icons.tsx';
import { refundNotice, returnNotice } from './follow-up-notices.ts';
import { followUpQueries } from './follow-up-queries.ts';
import {
  OrderAmounts,
  OrderDetail,
  OrderHeader,
  PaymentCard,
  ProgressTrack,
  ThankYou,
} from './follow-up-sections.tsx';
import { PayAnotherWay } from './pay-another-way.tsx';
import {
  BANK_RETURN_FAILED,
  type PaymentNotice,
  paymentNoticeOf,
  payOptionOf,
  reportBankReturn,
  requestPaymentLink,
} from './pay-order.ts';
import { wasPlacedHere } from './placed-orders.ts';
import { useOrderLiveUpdates } from './use-order-live-updates.ts';
import '../../ui/card.css';
import '../../ui/option-list.css';
import '../../ui/price-summary.css';
import './follow-up.css';

// the card modal is downloaded when 'Pagar' is tapped
const CardPayModal = lazy(() => import('../card-payment/card-pay-modal.tsx'));
// only a diner who reports a problem downloads its modal (and the modal's styles)
const ReportProblemModal = lazy(() =>
  import('./report-problem-modal.tsx').then((m) => ({ default: m.ReportProblemModal })),
);
// the loyalty-info modal (and the account views it shows) is downloaded when the diner asks for it
const LoyaltyInfoModal = lazy(() => import('./loyalty-info-modal.tsx'));

/** The order follow-up page, `/menu/{alias}/order/{orderCode}` (post-order-and-logistics.md section 2). */
export function FollowUpPage() {
  const { alias = '', orderCode = '' } = useParams();
  // one options object per order: the live subscription depends on its key
  const options = useMemo(() => followUpQueries.order(alias, orderCode), [alias, orderCode]);
  const { queryKey } = options;
  const order = useQuery(options);
  useFailureLog(order, alias);
  useQueryFlags(queryKey);
  const bankNotice = useBankReturn(alias, orderCode, queryKey);
  useOrderLiveUpdates(alias, orderCode, queryKey, order.data?.inProgress === true);
  usePayOrderEvent(order.data);

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
    return <FollowUpView order={order.data} queryKey={queryKey} bankNotice={bankNotice} />;
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

/**
 * The spec: the follow-up's fetch failures are only logged (the page keeps the order it has, or says why
 * not). The logger is downloaded with the first failure: the page's first JS does not carry it.
 */
function useFailureLog(order: { error: unknown; errorUpdatedAt: number }, alias: string) {
  const { error, errorUpdatedAt } = order;
  useEffect(() => {
    if (!error || !errorUpdatedAt) return;
    void import('../diner-log/log-to-backend.ts')
      .then((log) =>
        log.logFetchFailure('Order follow-up', error, { component: 'follow-up', payload: { alias } }),
      )
      .catch(() => {
        // the log is best effort
      });
  }, [error, errorUpdatedAt, alias]);
}

/**
 * The spec's PAY_ORDER analytics event (issue 28): once per order, on the phone that placed it, the
 * first time it is seen paid: by card at checkout, with 'Pagar' here, or back from a payment link.
 */
function usePayOrderEvent(order: FollowUpOrder | undefined) {
  const paid = order?.paymentInfo?.status === 'PAID';
  const code = order?.code;
  const total = order?.total;
  useEffect(() => {
    if (!paid || !code || !wasPlacedHere(code)) return;
    const key = `comanda.payOrder.${code}`;
    try {
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, '1');
    } catch {
      // private mode without storage: sent at most once per visit of the page instead
    }
    track('PAY_ORDER', { orderCode: code, total });
  }, [paid, code, total]);
}

/**
 * The spec's query flags: refreshAfterUpdate (refresh after 5 s), showPWA (the install prompt) and
 * invalidCustomRedirect (logged).
 */
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

  // the branch's redirect customisation could not be followed (decision 020): logged, never shown
  const invalidRedirect = params.get('invalidCustomRedirect') === 'true';
  useEffect(() => {
    if (invalidRedirect)
      void import('../diner-log/log-to-backend.ts').then((m) =>
        m.logToBackend('Invalid custom redirect', { component: 'follow-up' }),
      );
  }, [invalidRedirect]);
}

/**
 * The spec's `open_follow_up_support=true`: the chat opens with a query about the order, once; the flag
 * is then dropped, so a reload or the back button does not open it again. A shop with no chat ignores it.
 */
function useOpenSupportFlag(
  config: SupportChatConfig | null,
  orderCode: string,
  open: (query?: string) => Promise<void>,
) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('open_follow_up_support') === 'true';
  const opened = useRef(false);
  useEffect(() => {
    if (!wanted || opened.current) return;
    opened.current = true;
    if (config) void open(orderQueryText(orderCode));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open_follow_up_support');
        return next;
      },
      { replace: true },
    );
  }, [wanted, config, orderCode, open, setParams]);
}

/**
 * The spec's token_ws flag: back from a bank's or provider's page, the return is reported, the order
 * refreshed and the result shown; the flag is then dropped so a reload does not report it again.
 */
function useBankReturn(alias: string, code: string, queryKey: QueryKey): PaymentNotice | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const token = params.get('token_ws');
  // the server already took the bank's return (Webpay posts it there) and says it failed
  const failed = params.get('pago') === 'error';
  const [notice, setNotice] = useState<PaymentNotice | null>(failed ? BANK_RETURN_FAILED : null);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!failed) return;
    setNotice(BANK_RETURN_FAILED);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('pago');
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams]);

  useEffect(() => {
    if (!token || reported.current === token) return;
    reported.current = token;
    reportBankReturn(alias, code, token)
      .then(
        (order) => {
          queryClient.setQueryData(queryKey, order);
          setNotice(paymentNoticeOf(order));
        },
        () => {
          setNotice(BANK_RETURN_FAILED);
          void queryClient.invalidateQueries({ queryKey });
        },
      )
      .finally(() =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('token_ws');
            return next;
          },
          { replace: true },
        ),
      );
  }, [token, alias, code, queryClient, queryKey, setParams]);

  return notice;
}

function FollowUpView({
  order,
  queryKey,
  bankNotice,
}: {
  order: FollowUpOrder;
  queryKey: QueryKey;
  bankNotice: PaymentNotice | null;
}) {
  const queryClient = useQueryClient();
  const currency = useContactCurrency({ country: order.branchContact.country, currency: order.currency });
  const refund = refundNotice(order.refund ?? null, (amount) =>
    formatMoney(toMinor(amount, currency.decimals), currency),
  );
  const returned = returnNotice(order.shipments);
  const [reporting, setReporting] = useState(false);
  const [reportOpened, setReportOpened] = useState(false);
  const [reported, setReported] = useState(false);
  const [loyaltyOpen, setLoyaltyOpen] = useState(false);
  const [loyaltyOpened, setLoyaltyOpened] = useState(false);
  if (loyaltyOpen && !loyaltyOpened) setLoyaltyOpened(true);
  const [payNotice, setPayNotice] = useState<PaymentNotice | null>(null);
  if (reporting && !reportOpened) setReportOpened(true);
  const notice = payNotice ?? bankNotice;
  const contact = order.branchContact;
  const shipment = deliveryShipmentOf(order.shipments);
  // the shop's chat when it has one, in the WhatsApp link's place ('chat or messaging link')
  const chat = useSupportChat(contact.supportChat);
  useOpenSupportFlag(contact.supportChat, order.code, chat.open);
  const whatsApp = contact.supportChat
    ? null
    : whatsAppLink(contact.whatsAppPhone, orderQueryText(order.code));
  const codeId = useId();
  // read once: the checkout remembered the order just before landing here
  const [placedHere] = useState(() => wasPlacedHere(order.code));
  const open = order.status !== 'DELIVERED' && order.status !== 'CANCELED';

  return (
    <CurrencyProvider value={currency}>
      <div className="follow-up-page">
        {placedHere && open ? (
          <ThankYou shopName={contact.name} paymentDue={order.status === 'PAY_NEEDED'} />
        ) : null}
        <OrderHeader order={order} timeZone={contact.timeZone} />
        <ProgressTrack order={order} timeZone={contact.timeZone} />
        {returned ? (
          <p className="follow-up-banner follow-up-banner--warning" role="status">
            {returned}
          </p>
        ) : null}

        <PaymentCard order={order} />

        {refund ? (
          <p
            className={`follow-up-banner${order.refund?.done ? ' follow-up-banner--success' : ''}`}
            role="status"
          >
            {refund}
          </p>
        ) : null}

        {reported ? (
          <p className="follow-up-banner" role="status">
            Recibimos tu reporte. El local se va a comunicar con vos.
          </p>
        ) : null}

        {notice ? (
          <p
            className={`follow-up-banner follow-up-banner--${notice.tone}`}
            role={notice.tone === 'error' ? 'alert' : 'status'}
          >
            {notice.text}
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

        {order.status === 'PAY_NEEDED' ? (
          <PayAnotherWay
            order={order}
            onSwitched={(updated, paymentName) => {
              queryClient.setQueryData(queryKey, updated);
              setPayNotice({
                tone: 'success',
                text: `Listo: pagás con ${paymentName} al recibir. Tu pedido ya llegó al local.`,
              });
            }}
          />
        ) : null}

        <nav className="follow-up-actions" aria-label="Acciones del pedido">
          <PayAction
            order={order}
            onPaid={(updated, message) => {
              queryClient.setQueryData(queryKey, updated);
              setPayNotice(message);
            }}
            onRefused={() => void queryClient.invalidateQueries({ queryKey })}
          />
          {shipment && order.inProgress ? (
            <Link className="button button--primary follow-up-actions__button" to={shipment.trackingUrl}>
              <IconDelivery size={20} />
              Seguir mi envío
            </Link>
          ) : null}
          {contact.supportChat ? (
            <button
              type="button"
              className="button button--secondary follow-up-actions__button"
              aria-busy={chat.opening || undefined}
              onClick={() => void chat.open(orderQueryText(order.code))}
            >
              <IconChat size={20} />
              {CHAT_LABEL}
            </button>
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
          {order.status === 'DELIVERED' ? (
            <RateOrderLink
              alias={contact.alias}
              orderCode={order.code}
              className="button button--primary follow-up-actions__button"
            />
          ) : null}
          <Link className="button button--ghost follow-up-actions__button" to={`/menu/${contact.alias}`}>
            Volver al menú
          </Link>
        </nav>

        <OrderDetail order={order} />
        <OrderAmounts order={order} onShowLoyalty={() => setLoyaltyOpen(true)} />

        {loyaltyOpened ? (
          <Suspense fallback={null}>
            <LoyaltyInfoModal open={loyaltyOpen} order={order} onClose={() => setLoyaltyOpen(false)} />
          </Suspense>
        ) : null}
        {/* mounted from its first opening on, so its closing animation plays */}
        {reportOpened ? (
          <Suspense fallback={null}>
            <ReportProblemModal
              open={reporting}
              code={order.code}
              orderType={order.type}
              onClose={() => setReporting(false)}
              onReported={(updated) => {
                queryClient.setQueryData(queryKey, updated);
                setReporting(false);
                setReported(true);
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </CurrencyProvider>
  );
}

/** 'Pagar': the card modal where the order may be paid by card, or the provider's payment link. */
function PayAction({
  order,
  onPaid,
  onRefused,
}: {
  order: FollowUpOrder;
  onPaid: (order: FollowUpOrder, notice: PaymentNotice) => void;
  onRefused: () => void;
}) {
  const formatMoney = useFormatMoney();
  const [open, setOpen] = useState(false);
  // mounted from the first tap on, so its closing animation runs
  const [wanted, setWanted] = useState(false);
  const [linking, setLinking] = useState(false);
  const showToast = useToast();
  const option = payOptionOf(order, { cardModalOpen: open });
  if (!option && !wanted) return null;
  if (option?.kind === 'link')
    return (
      <a className="button button--primary follow-up-actions__button" href={option.url}>
        Pagar
      </a>
    );
  if (option?.kind === 'new-link')
    return (
      <button
        type="button"
        className="button button--primary follow-up-actions__button"
        disabled={linking}
        aria-busy={linking || undefined}
        onClick={async () => {
          setLinking(true);
          try {
            window.location.assign((await requestPaymentLink(order)).url);
          } catch {
            // the order stays as it is, waiting for its payment: the diner may tap again
            setLinking(false);
            showToast(MESSAGES.paymentUrlFailed);
          }
        }}
      >
        {linking ? 'Abriendo el pago…' : 'Pagar'}
      </button>
    );
  return (
    <>
      {option ? (
        <button
          type="button"
          className="button button--primary follow-up-actions__button"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          Pagar
        </button>
      ) : null}
      {wanted && order.branchContact.cardPayment ? (
        <Suspense fallback={null}>
          <CardPayModal
            open={open && option !== null}
            orderId={order.id}
            orderCode={order.code}
            payment={order.branchContact.cardPayment}
            amount={formatMoney(order.total)}
            amountUnits={order.total}
            holderName={order.customerName}
            onClose={() => setOpen(false)}
            onPaid={(answer) => {
              setOpen(false);
              onPaid(answer.order, {
                tone: answer.status === 'PAID' ? 'success' : 'info',
                text: answer.message,
              });
            }}
            onRefused={onRefused}
          />
        </Suspense>
      ) : null}
    </>
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
