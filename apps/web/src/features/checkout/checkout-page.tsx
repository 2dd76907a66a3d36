import {
  type CartLine,
  type CheckoutField,
  DELIVERY_FEE_FAILED,
  discountCodeRuleOf,
  documentLabel,
  initialRedeemValue,
  LIMITED_CODE_HOLD_MS,
  MESSAGES,
  notesLimit,
} from '@comanda/core';
import type { BranchContact, OrderMode, PaymentType } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/api.ts';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { IconArrowLeft, IconMapPin } from '../../ui/icons.tsx';
import { CurrencyProvider, useCurrency, useFormatMinor } from '../../ui/money.tsx';
import { useDismissToast, useToast } from '../../ui/toast.tsx';
import type { CardSource, CardToken, PaymentProblem } from '../card-payment/card-payment-api.ts';
import { cartActions, useCart } from '../cart/cart-store.ts';
import { ModeCard, OrderPageSkeleton, TotalBar } from '../cart/order-page-parts.tsx';
import { followUpQueries } from '../follow-up/follow-up-queries.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { StatusFromError, StatusScreen } from '../status/status-screen.tsx';
import { readCheckoutDraft, saveCheckoutDraft } from './checkout-draft.ts';
import {
  AddressModal,
  CodeModal,
  DropCodeConfirm,
  loadCustomRedirect,
  loadPlaceOrder,
  MissingFields,
  OrderConfirmModal,
  PaymentDeclined,
  PointsModal,
  useOpenedOnce,
  usePrefetchOnFirstTouch,
} from './checkout-lazy.tsx';
import { postOrder, validateCode } from './checkout-queries.ts';
import {
  CheckoutSection,
  FieldError,
  PaymentPicker,
  PhoneField,
  PriceSummary,
  revealField,
  SchedulePicker,
  TextField,
} from './checkout-sections.tsx';
import type { RedirectNotice } from './custom-redirect.ts';
import { loadPhoneCheck } from './phone-check.ts';
import { loadSlotToDate } from './slot-instant.ts';
import { type AppliedCode, type CheckoutFields, initialFields, useCheckout } from './use-checkout.ts';
import '../cart/cart-page.css';
import '../../ui/card.css';
import '../../ui/option-list.css';
import '../../ui/price-summary.css';
import './checkout.css';

// only a diner who chooses an online card downloads the card form (the shop's provider's, or the sandbox's)
const CardEntry = lazy(() => import('../card-payment/card-entry.tsx'));

/** /menu/{alias}/checkout: 'Confirmación del pedido' for the cart of the alias's branch contact. */
export function CheckoutPage() {
  const { alias = '' } = useParams();
  const query = useQuery(dinerQueries.alias(alias));
  if (query.isPending) return <CheckoutSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.type !== 'branchContact') return <StatusScreen kind="notFound" />;
  return <ContactCheckout contact={query.data.info} />;
}

function ContactCheckout({ contact }: { contact: BranchContact }) {
  const { search } = useLocation();
  const cart = useCart(contact.alias);
  const currency = useContactCurrency(contact);
  const modes = useQuery(dinerQueries.orderModes(contact.id));
  const mode = modes.data?.find((candidate) => candidate.active && candidate.id === cart.orderModeId);
  // placing the order empties the cart: that navigation must not bounce back to the cart
  const placing = useRef(false);

  if (cart.lines.length === 0 && !placing.current)
    return <Navigate to={`/menu/${contact.alias}/preview${search}`} replace />;
  if (modes.isPending) return <CheckoutSkeleton />;
  if (modes.isError) return <StatusFromError error={modes.error} onRetry={() => void modes.refetch()} />;
  if (!mode) return <Navigate to={`/menu/${contact.alias}${search}`} replace />;
  return (
    <CurrencyProvider value={currency}>
      <CheckoutView
        contact={contact}
        mode={mode}
        modes={modes.data}
        lines={cart.lines}
        cartPaymentTypeId={cart.paymentType?.id ?? null}
        onPlacing={() => {
          placing.current = true;
        }}
      />
    </CurrencyProvider>
  );
}

/** The checkout's fields in the order the page shows them (the list of what is missing follows it). */
const READING_ORDER = 'name phone email document table address schedule payment paysWith card'.split(' ') as (
  | CheckoutField
  | 'card'
)[];

interface CheckoutViewProps {
  contact: BranchContact;
  mode: OrderMode;
  modes: OrderMode[];
  lines: CartLine[];
  cartPaymentTypeId: number | null;
  onPlacing: () => void;
}

type OpenModal = 'address' | 'code' | 'points' | 'confirm' | null;

function CheckoutView({ contact, mode, modes, lines, cartPaymentTypeId, onPlacing }: CheckoutViewProps) {
  const alias = contact.alias;
  const { search } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const currency = useCurrency();
  const { decimals } = currency;
  const formatMinor = useFormatMinor();
  const [fields, setFields] = useState<CheckoutFields>(() =>
    initialFields(contact, search, cartPaymentTypeId, readCheckoutDraft(alias)),
  );
  // what the diner typed survives a reload and back and forward (checkout-draft.ts)
  useEffect(() => saveCheckoutDraft(alias, fields), [alias, fields]);
  const [code, setCode] = useState<AppliedCode | null>(null);
  // a MANUAL redirect customisation's link, offered once the link's code was refused
  const [redirect, setRedirect] = useState<RedirectNotice | null>(null);
  const [redeemedPoints, setRedeemedPoints] = useState(0);
  const [modal, setModal] = useState<OpenModal>(null);
  const [pendingPayment, setPendingPayment] = useState<PaymentType | null>(null);
  const [placing, setPlacing] = useState(false);
  // the card form on screen, read at the tap (card-entry.tsx)
  const cardSource = useRef<CardSource | null>(null);
  const [cardTried, setCardTried] = useState(false);
  // the fields of the last refused tap: a new object per tap, so each tap brings the first into view
  const [faults, setFaults] = useState<{ fields: (CheckoutField | 'card')[] } | null>(null);
  // 'Realizar pedido' tapped while the checks were loading: tapped again for the diner once they are
  const [placeWhenReady, setPlaceWhenReady] = useState(false);
  // the toast of the last refused tap, taken away once what it said is fixed
  const refusal = useRef<string | null>(null);
  const dismissToast = useDismissToast();
  // the order was placed but its card was not charged: it waits for its payment on the follow-up
  const [unpaid, setUnpaid] = useState<{ code: string; problem: PaymentProblem } | null>(null);
  const customizations = useQuery(dinerQueries.menuCustomizations(contact.branch.id));
  const checkout = useCheckout({ contact, mode, lines, fields, code, redeemedPoints });
  // a campaign link's code (?code=, decision 021): applied once it can be validated (a payment type, a
  // name and a phone that stopped changing); until then the discount button names it, the modal starts with it
  const [linkCode, setLinkCode] = useState(() =>
    new URLSearchParams(search).get('code')?.trim().toUpperCase(),
  );
  const isDelivery = mode.type === 'DELIVERY';
  const pointValue = checkout.pointValue;
  // every field of the refused tap stays marked while it still fails, with its current message
  const errorOf = (field: CheckoutField) =>
    faults?.fields.includes(field)
      ? checkout.errors.find((problem) => problem.field === field)?.message
      : undefined;
  const addressError = errorOf('address');
  // what is still missing, in the order the page reads, for the list beside 'Realizar pedido'
  const missing = READING_ORDER.filter(
    (field) => field !== 'card' && errorOf(field) !== undefined,
  ) as CheckoutField[];

  useEffect(() => {
    // the field the toast speaks of (the spec's first failing check) comes into view and takes focus
    const first = faults?.fields[0];
    if (first) revealField(first);
  }, [faults]);

  useEffect(() => {
    if (!placeWhenReady || checkout.pending === 'loading') return;
    setPlaceWhenReady(false);
    void place();
  });

  // a refusal's toast goes away as soon as its problem is fixed, so no stale error stays on screen
  useEffect(() => {
    const shown = refusal.current;
    if (shown && !checkout.errors.some((problem) => problem.message === shown)) {
      dismissToast(shown);
      refusal.current = null;
    }
  });

  const change = (patch: Partial<CheckoutFields>) => {
    // a new phone is another customer: their code and points do not carry over (spec section 4)
    if (patch.phone !== undefined || patch.phoneCountry !== undefined) {
      setCode(null);
      setRedeemedPoints(0);
    }
    // changing the scheduling mode deletes the applied code, except a partner's member's
    if (patch.scheduled !== undefined && patch.scheduled !== fields.scheduled && !checkout.externalUser)
      setCode(null);
    setFields((current) => ({ ...current, ...patch }));
  };

  // the diner's known name fills an empty name field
  const knownName = checkout.customer?.name;
  useEffect(() => {
    if (knownName) setFields((current) => (current.name.trim() ? current : { ...current, name: knownName }));
  }, [knownName]);

  // a limited-usage code is held 180 s; then it is dropped
  useEffect(() => {
    const expiresAt = code?.expiresAt;
    if (!expiresAt) return;
    const timer = setTimeout(
      () => {
        setCode(null);
        showToast(MESSAGES.codeUsageExpired);
      },
      Math.max(0, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [code, showToast]);

  useEffect(() => {
    const ready =
      checkout.paymentType && checkout.lookupPhone === checkout.phone && checkout.phone && fields.name.trim();
    if (!linkCode || code || !ready || checkout.pending) return;
    setLinkCode(undefined);
    applyCode(linkCode).then(
      (problem) => problem && showToast(problem),
      // the spec's one text for a failed validation
      () => showToast(MESSAGES.discountCodeNotFound),
    );
  });

  // points the order no longer allows (the cart, a code or the balance changed) are taken back
  const program = checkout.program;
  const redemptionProblem = checkout.pointsProblem;
  useEffect(() => {
    if (redemptionProblem) setRedeemedPoints(0);
  }, [redemptionProblem]);

  function selectPayment(type: PaymentType) {
    if (type.id === checkout.paymentType?.id) return;
    if (code && !checkout.externalUser) {
      setPendingPayment(type);
      return;
    }
    applyPayment(type);
  }

  function applyPayment(type: PaymentType) {
    // a partner's member keeps what was applied (storefront.md section 6)
    if (!checkout.externalUser) setCode(null);
    change({ paymentTypeId: type.id });
    cartActions.setPaymentType(alias, type);
  }

  async function applyCode(text: string): Promise<string | null> {
    if (!checkout.paymentType) return MESSAGES.paymentMethodFirst;
    if (!checkout.phone || !fields.name.trim()) return MESSAGES.codeNeedsCustomerData;
    const info = await validateCode({
      code: text,
      paymentId: checkout.paymentType.id,
      phone: checkout.phone,
      orderDate: checkout.scheduledAt,
      branchId: contact.branch.id,
      branchContactId: contact.id,
      orderModeId: mode.id,
    }).catch(async (error) => {
      // the link's code is not valid: the branch's redirect customisation says where to go (decision 020)
      setRedirect((await loadCustomRedirect()).invalidCodeRedirect(error, search, text, customizations.data));
      throw error;
    });
    const rule = discountCodeRuleOf(info, decimals);
    const problem = checkout.codeProblemOf(rule);
    if (problem) return problem;
    if (redeemedPoints > 0 && program && !program.supportsDiscounts) setRedeemedPoints(0);
    // the hold runs on this device's clock: the server's may be set apart (NOW in demos) or skewed
    setCode({ rule, expiresAt: rule.limitedUsage ? Date.now() + LIMITED_CODE_HOLD_MS : null });
    return null;
  }

  async function place({ confirmed = false }: { confirmed?: boolean } = {}) {
    if (placing) return;
    if (checkout.pending === 'deliveryFee') return showToast(MESSAGES.deliveryFeeLoading);
    if (checkout.pending === 'schedule') return showToast(MESSAGES.scheduleLoading);
    if (checkout.pending === 'loading') {
      // a check whose download failed is asked for again
      if (checkout.phoneChecking) void loadPhoneCheck().catch(() => {});
      if (checkout.slotChecking) void loadSlotToDate().catch(() => {});
      // the tap is not lost: it goes on by itself once the checks are ready (a phone just typed)
      setPlaceWhenReady(true);
      return showToast('Estamos preparando tu pedido, esperá unos momentos.');
    }
    const [problem] = checkout.errors;
    if (problem) {
      // every failing field is marked at once; the toast says the first in the spec's order
      setFaults({ fields: [...new Set(checkout.errors.map((p) => p.field))] });
      refusal.current = problem.message;
      return showToast(problem.message);
    }
    setFaults(null);
    if (!checkout.paymentType || !checkout.phone) return showToast(MESSAGES.paymentTypeUnavailable);
    // fetched on the diner's first touch of the page already (checkout-lazy.tsx)
    let placement: Awaited<ReturnType<typeof loadPlaceOrder>>;
    try {
      placement = await loadPlaceOrder();
    } catch {
      return showToast(MESSAGES.orderPostFailed);
    }
    const {
      afterPlacing,
      destinationOf,
      followUpFlags,
      getAcquisitionChannel,
      orderKeyFor,
      orderPayloadOf,
      payOrderByCard,
      paymentProblemOf,
      tokenProblemOf,
      whatsAppOrderLink,
    } = placement;
    // Webpay takes the card on its own page, after the order is placed (like a payment link)
    const byCard = checkout.paymentFlow === 'CARD' && contact.cardPayment?.provider !== 'TRANSBANK';
    const byLink = checkout.paymentFlow !== null && !byCard;
    if (byCard) {
      setCardTried(true);
      if (!(await cardSource.current?.ready())) {
        setFaults({ fields: ['card'] });
        return showToast(MESSAGES.cardFieldsInvalid);
      }
    }
    // a shop may ask the diner to look at a summary before the order goes out
    if (contact.confirmOrderBeforePlacing && !confirmed) return setModal('confirm');
    const address = fields.address;
    const payload = orderPayloadOf(
      {
        lines,
        price: checkout.price,
        decimals,
        contactId: contact.id,
        mode,
        paymentType: checkout.paymentType,
        customer: {
          name: fields.name,
          phone: checkout.phone,
          email: fields.email,
          document: fields.document,
        },
        tableUid: fields.tableUid,
        destination: isDelivery && address ? destinationOf(address) : null,
        notes: fields.notes,
        paysWith: checkout.paysWith,
        scheduledAt: checkout.scheduledAt,
        redeemedPoints: checkout.price.pointsDiscount > 0 ? redeemedPoints : 0,
        acquisitionChannel: getAcquisitionChannel(),
      },
      currency,
    );
    setPlacing(true);
    // the spec's order for an online card: a token first, then the order, then the payment
    let token: CardToken | null = null;
    if (byCard) {
      try {
        if (!cardSource.current) throw new Error('no card form');
        token = await cardSource.current.tokenize();
      } catch (error) {
        setPlacing(false);
        return showToast(tokenProblemOf(error));
      }
    }
    try {
      // the same order keeps its key across a double tap, a lost answer and a reload: never placed twice
      const placed = await postOrder(payload, orderKeyFor(alias, payload));
      afterPlacing({
        alias,
        code: placed.data.code,
        total: placed.data.price,
        modeId: mode.id,
        customer: { name: fields.name, phone: checkout.phone, email: fields.email },
        at: checkout.scheduledAt,
        address: isDelivery ? address : null,
      });
      onPlacing();
      cartActions.clear(alias);
      const followUp = `/menu/${alias}/order/${encodeURIComponent(placed.data.code)}`;
      // a payment link: the provider's page, which comes back to the follow-up
      if (placed.data.paymentUrl) {
        window.location.assign(placed.data.paymentUrl);
        return;
      }
      // the link could not be made: the order is kept and its follow-up offers to pay it
      if (byLink) showToast(MESSAGES.orderTextOrLinkFailed);
      if (token) {
        try {
          const paid = await payOrderByCard({ id: placed.data.id, code: placed.data.code }, token);
          queryClient.setQueryData(followUpQueries.order(alias, placed.data.code).queryKey, paid.order);
        } catch (error) {
          // the order stays, waiting for its payment: the follow-up offers 'Pagar'
          setPlacing(false);
          cardSource.current?.clear();
          setUnpaid({ code: placed.data.code, problem: paymentProblemOf(error) });
          return;
        }
      }
      if (!contact.ordersConsoleActive) {
        const link = await whatsAppOrderLink(queryClient, contact, placed.data.code, currency);
        if (link) {
          window.location.assign(link);
          return;
        }
        // the text could not be made: the order is kept, and its follow-up still reaches the shop
        if (contact.whatsAppPhone) showToast(MESSAGES.orderTextOrLinkFailed);
      }
      navigate(`${followUp}${followUpFlags(program !== null, customizations.data)}`, { replace: true });
    } catch (error) {
      setPlacing(false);
      // a 4xx carries the server's own Spanish reason; anything else is the spec's generic failure
      const known = isApiError(error) && error.status >= 400 && error.status < 500;
      showToast(known ? error.message : MESSAGES.orderPostFailed);
      if (known && (error.code === 'PRICE_MISMATCH' || error.code === 'ITEM_UNAVAILABLE'))
        void queryClient.invalidateQueries();
    }
  }

  const takeAway = modes.find((m) => m.active && m.type === 'TAKE_AWAY');
  const options = checkout.deliveryOptions;
  const canRedeem =
    program !== null &&
    redeemedPoints === 0 &&
    checkout.balance > 0 &&
    checkout.balance >= program.minRedeemedPoints &&
    (program.supportsDiscounts || code === null);
  const orderNotesLimit = notesLimit(customizations.data, 'order');
  const addressOpened = useOpenedOnce(modal === 'address');
  const codeOpened = useOpenedOnce(modal === 'code');
  const pointsOpened = useOpenedOnce(modal === 'points');
  const confirmOpened = useOpenedOnce(modal === 'confirm');
  const dropCodeOpened = useOpenedOnce(pendingPayment !== null);
  usePrefetchOnFirstTouch();

  if (unpaid)
    return (
      <Suspense fallback={<CheckoutSkeleton />}>
        <PaymentDeclined alias={alias} code={unpaid.code} problem={unpaid.problem} />
      </Suspense>
    );

  // the zone's refusals (out of area, below its minimum) have their notice here already: it is the error
  const zoneNoticeId =
    addressError && fields.address && addressError !== MESSAGES.betweenStreetsRequired
      ? 'checkout-address-error'
      : undefined;
  // the address's control: marked, and described by the failing check's message
  const addressControl = {
    'data-field': 'address',
    'aria-invalid': addressError ? true : undefined,
    'aria-describedby': addressError ? 'checkout-address-error' : undefined,
    onClick: () => setModal('address'),
  } as const;

  return (
    <div className="cart-page checkout-page">
      <header className="cart-page__header">
        <Link className="icon-button" to={`/menu/${alias}/preview${search}`} aria-label="Volver a Mi pedido">
          <IconArrowLeft />
        </Link>
        <h1 className="cart-page__title">{MESSAGES.checkoutTitle}</h1>
      </header>

      {/* from 1024 px the form is the left column; on a phone both columns are one (checkout.css) */}
      <div className="checkout-page__form">
        <CheckoutSection title="Tus datos">
          <TextField
            label="Nombre"
            value={fields.name}
            onChange={(name) => change({ name })}
            required
            autoComplete="name"
            maxLength={120}
            field="name"
            error={errorOf('name')}
          />
          <PhoneField
            country={fields.phoneCountry}
            phone={fields.phone}
            valid={checkout.phone !== null || checkout.phoneChecking}
            error={errorOf('phone')}
            onChange={change}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={fields.email}
            onChange={(email) => change({ email })}
            required={contact.mandatoryEmail}
            maxLength={200}
            field="email"
            error={errorOf('email')}
          />
          <TextField
            label={documentLabel(customizations.data)}
            inputMode="numeric"
            value={fields.document}
            // the spec strips dots, commas, plus and minus as the diner types
            onChange={(document) => change({ document: document.replace(/[.,+-]/g, '') })}
            maxLength={11}
            field="document"
            error={errorOf('document')}
          />
        </CheckoutSection>

        {mode.type === 'TABLE' ? (
          <CheckoutSection title="Tu mesa">
            <TextField
              label="Número de mesa"
              inputMode="numeric"
              value={fields.tableUid}
              onChange={(tableUid) => change({ tableUid })}
              required
              maxLength={40}
              field="table"
              error={errorOf('table')}
            />
          </CheckoutSection>
        ) : null}

        {isDelivery ? (
          <CheckoutSection title="Dirección de entrega">
            {fields.address ? (
              <div className={addressError ? 'address-card address-card--invalid' : 'address-card'}>
                <IconMapPin size={22} />
                <div className="address-card__text">
                  <strong className="user-text">{fields.address.street}</strong>
                  {fields.address.betweenStreets ? (
                    <span>
                      Entre <span className="user-text">{fields.address.betweenStreets}</span>
                    </span>
                  ) : null}
                  {fields.address.details ? (
                    <span className="user-text">{fields.address.details}</span>
                  ) : null}
                </div>
                <button type="button" className="text-button" {...addressControl}>
                  Cambiar
                </button>
              </div>
            ) : (
              <button type="button" className="button button--secondary button--block" {...addressControl}>
                <IconMapPin size={20} />
                Agregar dirección
              </button>
            )}
            <FieldError id="checkout-address-error" error={zoneNoticeId ? undefined : addressError} />
            {fields.address && options.isPending ? (
              <p className="checkout-hint" role="status">
                {MESSAGES.deliveryFeeLoading}
              </p>
            ) : null}
            {options.isError || addressError === MESSAGES.noRidersInZone ? (
              <p id={zoneNoticeId} className="checkout-alert" role="alert">
                {options.isError ? DELIVERY_FEE_FAILED : addressError}
                {options.isError ? (
                  <button type="button" className="text-button" onClick={() => void options.refetch()}>
                    Reintentar
                  </button>
                ) : null}
              </p>
            ) : null}
            {options.data && !options.data.inArea ? (
              <div id={zoneNoticeId} className="checkout-alert" role="alert">
                <strong>{MESSAGES.outsideDeliveryZone}</strong>
                <span>
                  {takeAway
                    ? MESSAGES.switchToTakeAwayOrOtherAddress(takeAway.showName)
                    : MESSAGES.enterOtherAddress}
                </span>
              </div>
            ) : null}
            {checkout.zone && checkout.zone.minimumOrder > checkout.itemsPrice ? (
              <p id={zoneNoticeId} className="checkout-alert" role="alert">
                {MESSAGES.minimumOrder(formatMinor(checkout.zone.minimumOrder, { withDecimals: false }))}
              </p>
            ) : null}
          </CheckoutSection>
        ) : null}

        <CheckoutSection title="¿Cuándo?" field="schedule" error={errorOf('schedule')}>
          <SchedulePicker checkout={checkout} onChange={change} />
        </CheckoutSection>

        <CheckoutSection title="Medio de pago">
          <PaymentPicker
            checkout={checkout}
            paysWith={fields.paysWith}
            error={errorOf}
            onSelect={selectPayment}
            onChange={change}
          />
          {checkout.paymentFlow === 'CARD' && contact.cardPayment ? (
            <Suspense fallback={<p className="checkout-hint">Cargando el formulario de tarjeta…</p>}>
              <CardEntry
                payment={contact.cardPayment}
                amount={checkout.price.total / 10 ** decimals}
                holderName={fields.name}
                sourceRef={cardSource}
                showAllErrors={cardTried}
                disabled={placing}
              />
            </Suspense>
          ) : null}
        </CheckoutSection>

        <CheckoutSection title="Descuentos">
          {redirect ? (
            <p className="checkout-hint">
              {redirect.text} <a href={redirect.url}>{redirect.label}</a>
            </p>
          ) : null}
          {code ? (
            <div className="benefit-row">
              <span>
                Código <strong>{code.rule.code}</strong>
                {checkout.codeProblem ? (
                  <span className="checkout-hint checkout-hint--error"> {checkout.codeProblem}</span>
                ) : null}
              </span>
              <button type="button" className="text-button" onClick={() => setCode(null)}>
                Quitar
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--secondary button--block"
              onClick={() => setModal('code')}
            >
              {/* a campaign link's code waits here until the diner's data lets it apply */}
              {linkCode ? `Usar el código ${linkCode}` : 'Agregar código de descuento'}
            </button>
          )}
          {program && redeemedPoints > 0 ? (
            <div className="benefit-row">
              <span>
                {redeemedPoints} {program.name}
              </span>
              <button type="button" className="text-button" onClick={() => setRedeemedPoints(0)}>
                Quitar
              </button>
            </div>
          ) : null}
          {canRedeem && program ? (
            <button
              type="button"
              className="button button--secondary button--block"
              onClick={() => setModal('points')}
            >
              Usar mis {program.name} ({checkout.balance})
            </button>
          ) : null}
        </CheckoutSection>

        <CheckoutSection title="Notas del pedido">
          <label className="sr-only" htmlFor="checkout-notes">
            Notas del pedido
          </label>
          <textarea
            id="checkout-notes"
            className="text-input checkout-notes"
            rows={3}
            placeholder="Ej.: sin sal, tocar timbre 4B"
            value={fields.notes}
            maxLength={orderNotesLimit ?? undefined}
            onChange={(event) => change({ notes: event.target.value })}
          />
        </CheckoutSection>
      </div>

      {/* the right column from 1024 px, kept in view; on a phone the mode card shows under the title */}
      <div className="checkout-page__summary">
        <ModeCard mode={mode} shopName={contact.name} />
        <CheckoutSection title="Resumen">
          <PriceSummary checkout={checkout} isDelivery={isDelivery} programName={program?.name ?? 'Puntos'} />
        </CheckoutSection>
        {missing.length > 0 ? (
          <Suspense fallback={null}>
            <MissingFields fields={missing} />
          </Suspense>
        ) : null}
        {/* locked while the order is being sent */}
        <TotalBar
          label={placing ? 'Enviando pedido…' : MESSAGES.placeOrder}
          total={checkout.price.total}
          disabled={placing}
          busy={placing}
          onClick={() => void place()}
        />
      </div>

      {/* each modal loads on the first touch of the page and mounts from its first opening on */}
      {isDelivery && addressOpened ? (
        <Suspense fallback={null}>
          <AddressModal
            open={modal === 'address'}
            address={fields.address}
            betweenStreetsRequired={contact.deliveryConfig.betweenStreetsRequired}
            contactId={contact.id}
            registered={checkout.customer?.addressesRegistered}
            onClose={() => setModal(null)}
            onSave={(address) => {
              change({ address });
              setModal(null);
            }}
          />
        </Suspense>
      ) : null}
      {codeOpened ? (
        <Suspense fallback={null}>
          <CodeModal
            open={modal === 'code'}
            initialCode={linkCode}
            onClose={() => setModal(null)}
            onApply={applyCode}
          />
        </Suspense>
      ) : null}
      {program && pointsOpened ? (
        <Suspense fallback={null}>
          <PointsModal
            key={`${checkout.balance}:${checkout.price.orderAmount}`}
            open={modal === 'points'}
            program={program}
            balance={checkout.balance}
            orderAmount={checkout.price.orderAmount}
            pointValue={pointValue}
            initialValue={initialRedeemValue(program, {
              balance: checkout.balance,
              orderAmount: checkout.price.orderAmount,
              pointValue,
            })}
            onClose={() => setModal(null)}
            onRedeem={(points) => {
              setRedeemedPoints(points);
              setModal(null);
            }}
          />
        </Suspense>
      ) : null}
      {contact.confirmOrderBeforePlacing && confirmOpened ? (
        <Suspense fallback={null}>
          <OrderConfirmModal
            open={modal === 'confirm'}
            contact={contact}
            mode={mode}
            fields={fields}
            checkout={checkout}
            onCancel={() => setModal(null)}
            onConfirm={() => {
              setModal(null);
              void place({ confirmed: true });
            }}
          />
        </Suspense>
      ) : null}
      {dropCodeOpened ? (
        <Suspense fallback={null}>
          <DropCodeConfirm
            open={pendingPayment !== null}
            onCancel={() => setPendingPayment(null)}
            onConfirm={() => {
              if (pendingPayment) applyPayment(pendingPayment);
              setPendingPayment(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function CheckoutSkeleton() {
  return <OrderPageSkeleton titleWidth="60%" blocks={[56, 180, 120]} />;
}
