import { MESSAGES, SHIPMENT_LIFECYCLE_MESSAGES, type ShipmentStatus } from '@comanda/core';
import type { BranchContact, RiderShipment, RouteStop, ShipmentUpdate, Whoami } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useBottomOffset } from '../../ui/bottom-offset.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { IconInfo } from '../../ui/icons.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { AppLink, type Go, type RiderScreenProps } from '../rider/app-link.tsx';
import {
  AccessDenied,
  LogisticsHeader,
  RefreshButton,
  useDocumentTitle,
  useLogisticsContact,
} from '../rider/logistics-frame.tsx';
import { riderQueries } from '../rider/rider-api.ts';
import { parseShipmentType, type ShipmentType, shipmentListPath } from '../rider/rider-paths.ts';
import { DeliveryCodeModal } from './delivery-code-modal.tsx';
import type { ShipmentDetail } from './shipment-api.ts';
import {
  type FormatAmount,
  PaymentLine,
  RecipientCard,
  RouteList,
  StatusBadge,
  useFormatAmount,
} from './shipment-parts.tsx';
import {
  deliverableShipments,
  isShipmentInProgress,
  returningDeliveries,
  type StackDelivery,
  stackDeliveries,
  stackStatus,
  undeliverableShipments,
} from './shipment-rules.ts';
import { SHIPMENT_TEXTS } from './shipment-texts.ts';
import { SlideToAdvance } from './slide-to-advance.tsx';
import { UndeliverableModal } from './undeliverable-modal.tsx';
import { useRiderLocation } from './use-rider-location.ts';
import { useShipmentDetail } from './use-shipment-detail.ts';
import './shipments.css';

/** One detail screen for a shipment alone or a stack: what the view needs of either. */
interface DetailModel {
  title: string;
  status: string;
  lostAuction: boolean;
  stops: RouteStop[];
  /** A lone shipment; null for a stack. */
  shipment: RiderShipment | null;
  /** A stack's shipments in the spec's order; empty for a lone shipment. */
  deliveries: StackDelivery[];
  nextStatus: ShipmentStatus | null;
  sliderLabel: string | null;
  canCancel: boolean;
  /** 'No pude entregar' applies: the lone shipment, or one of the stack's, is on its way to the drop-off. */
  canReportUndeliverable: boolean;
  /** The stack's drop-offs that may be reported undeliverable, the next stop first; empty for a lone shipment. */
  undeliverable: StackDelivery[];
  /** A lone return shipment: its badge reads 'Regresando al local' on the way back. */
  returnShipment: boolean;
  /** The rider has it on its way: the phone shares its position. */
  sharing: boolean;
}

const isMine = (shipment: RiderShipment, riderId: number) => shipment.riderInfo?.riderId === riderId;

function detailModel(detail: ShipmentDetail, riderId: number): DetailModel {
  if (detail.type === 'SIMPLE') {
    const { shipment } = detail;
    return {
      title: SHIPMENT_TEXTS.order(shipment.logisticsOrder.orderRef),
      status: shipment.status,
      lostAuction: shipment.lostAuction,
      stops: shipment.stops,
      shipment,
      deliveries: [],
      nextStatus: shipment.nextStatus,
      sliderLabel: shipment.sliderLabel,
      canCancel: shipment.canCancel,
      canReportUndeliverable: shipment.canReportUndeliverable,
      undeliverable: [],
      returnShipment: shipment.returnShipment,
      sharing: isMine(shipment, riderId) && isShipmentInProgress(shipment.status, shipment.returnShipment),
    };
  }
  const { stack } = detail;
  const deliveries = stackDeliveries(stack);
  const undeliverable = undeliverableShipments(deliveries);
  const first = stack.shipments[0];
  const multi = stack.shipments.length > 1;
  return {
    title: multi || !first ? MESSAGES.multiDelivery : SHIPMENT_TEXTS.order(first.logisticsOrder.orderRef),
    status: stackStatus(stack),
    // a stack goes to one rider: any of its shipments with another rider means it was lost
    lostAuction: stack.shipments.some((s) => s.lostAuction),
    stops: stack.stops,
    shipment: null,
    deliveries,
    nextStatus: stack.nextStatus,
    sliderLabel: stack.sliderLabel,
    // the stack has no flag of its own: cancelling it is allowed while one of its shipments may be
    canCancel: stack.canCancel,
    canReportUndeliverable: undeliverable.length > 0,
    undeliverable,
    returnShipment: false,
    sharing: stack.shipments.some(
      (s) => isMine(s, riderId) && isShipmentInProgress(s.status, s.returnShipment),
    ),
  };
}

/**
 * The shipment detail, /logistics/{alias}/shipments/{SIMPLE|STACK}/{id} (sections 2 and 4): header,
 * the route's letters with 'Ver en mapa', 'Recibe', cancel, the slide-to-advance control, 'Ver envíos'
 * and 'Actualizar'. A shipment another rider took shows the lost auction instead.
 */
export function ShipmentDetailPage({ params, go }: RiderScreenProps) {
  const alias = params.alias ?? '';
  const type = parseShipmentType(params.shipmentType);
  const id = Number(params.shipmentId);
  const valid = type !== null && Number.isInteger(id) && id > 0;
  const { contact, failed } = useLogisticsContact(alias);
  const whoami = useQuery(riderQueries.whoami());
  const detail = useShipmentDetail(type ?? 'SIMPLE', id, valid && whoami.isSuccess);
  useDocumentTitle(MESSAGES.shipmentsTitle, contact?.name);
  const model = detail.data && whoami.data ? detailModel(detail.data, whoami.data.riderId) : null;
  useRiderLocation(Boolean(model?.sharing));

  if (!valid || failed || whoami.isError || detail.denied) return <AccessDenied alias={alias} go={go} />;
  if (!model || !whoami.data || !type) return <DetailSkeleton contact={contact} />;
  return (
    <DetailView
      alias={alias}
      type={type}
      id={id}
      contact={contact}
      model={model}
      rider={whoami.data}
      detail={detail}
      go={go}
    />
  );
}

function DetailView({
  alias,
  type,
  id,
  contact,
  model,
  rider,
  detail,
  go,
}: {
  alias: string;
  type: ShipmentType;
  id: number;
  contact: BranchContact | null;
  model: DetailModel;
  rider: Whoami;
  detail: ReturnType<typeof useShipmentDetail>;
  go: Go;
}) {
  const titleId = useId();
  const format = useFormatAmount(contact);
  const [codeOpen, setCodeOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const dockRef = useRef<HTMLDivElement>(null);
  const hasStep = Boolean(model.nextStatus && model.sliderLabel) && !model.lostAuction;
  const canReport = model.canReportUndeliverable && !model.lostAuction;
  const docked = hasStep || canReport;
  useBottomOffset(dockRef, docked);

  const riderFields = { rider_id: rider.riderId, rider_name: rider.name, rider_phone: rider.phone };

  function send(body: ShipmentUpdate, onDone?: () => void) {
    detail.update(body, { onSuccess: () => onDone?.() });
  }

  function advance() {
    const status = model.nextStatus;
    if (!status || detail.updating) return;
    if (status === 'DELIVERED') {
      detail.clearCodeError();
      setCodeOpen(true);
      return;
    }
    if (type === 'STACK' && status === 'RETURNED') {
      // the way back is one shipment's step, not the stack's
      const back = returningDeliveries(model.deliveries)[0];
      if (back) returnToShop(back.shipment.id);
      return;
    }
    // a stack's step moves its open shipments: no shipment id
    send(type === 'SIMPLE' ? { status, id, ...riderFields } : { status, ...riderFields });
  }

  /** 'Regreso al local' of one of a stack's return shipments. */
  function returnToShop(shipmentId: number) {
    if (detail.updating) return;
    send({ status: 'RETURNED', id: shipmentId, ...riderFields });
  }

  /** 'No pude entregar': the drop-off failed for this reason and the order goes back to the shop. */
  function reportUndeliverable(undeliverableReason: string, shipmentId: number | null) {
    const target = type === 'SIMPLE' ? id : shipmentId;
    if (!target) return;
    send({ status: 'DELIVERED', id: target, undeliverableReason, ...riderFields }, () =>
      setReturnOpen(false),
    );
  }

  function deliver(securityCode: string, shipmentId: number | null) {
    const target = type === 'SIMPLE' ? id : shipmentId;
    if (!target) return;
    send({ status: 'DELIVERED', id: target, securityCode, ...riderFields }, () => setCodeOpen(false));
  }

  function cancel() {
    send(
      type === 'SIMPLE'
        ? { status: 'DRIVER_CANCELED', id, ...riderFields }
        : { status: 'DRIVER_CANCELED', ...riderFields },
      () => setCancelOpen(false),
    );
  }

  return (
    <main className={`shipment-page${docked ? ' shipment-page--docked' : ''}`} aria-labelledby={titleId}>
      <div className="shipment-page__inner">
        <LogisticsHeader contact={contact} title={model.title} titleId={titleId} />
        {/* a stack of several is titled 'Multientrega' */}
        <div className="shipment-page__badges">
          <StatusBadge status={model.status} returnShipment={model.returnShipment} />
        </div>

        {model.lostAuction ? (
          <LostAuction alias={alias} go={go} />
        ) : (
          <>
            <section className="shipment-card" aria-label={SHIPMENT_TEXTS.route}>
              <RouteList stops={model.stops} />
            </section>
            {model.shipment ? (
              <SimpleDetails shipment={model.shipment} format={format} />
            ) : (
              <StackDetails
                deliveries={model.deliveries}
                format={format}
                // the stack's own slider may lead the way back; otherwise each return has its button
                returning={model.nextStatus === 'RETURNED' ? [] : returningDeliveries(model.deliveries)}
                busy={detail.updating}
                onReturn={returnToShop}
              />
            )}
            {model.canCancel ? (
              <Button variant="ghost" block className="shipment-cancel" onClick={() => setCancelOpen(true)}>
                {SHIPMENT_TEXTS.cancelShipment}
              </Button>
            ) : null}
          </>
        )}

        <div className="shipment-page__footer">
          {/* the lost auction's card has its own 'Ver envíos' */}
          {model.lostAuction ? null : (
            <AppLink className="button button--secondary" href={shipmentListPath(alias)} go={go}>
              {MESSAGES.seeShipments}
            </AppLink>
          )}
          <RefreshButton onClick={() => void detail.refetch()} busy={detail.isRefetching} />
        </div>
      </div>

      {docked ? (
        <div className="shipment-dock" ref={dockRef}>
          {hasStep && model.sliderLabel ? (
            <SlideToAdvance
              label={model.sliderLabel}
              busy={detail.updating && !codeOpen && !cancelOpen && !returnOpen}
              held={codeOpen || returnOpen}
              onConfirm={advance}
            />
          ) : null}
          {canReport ? (
            <Button
              variant="secondary"
              block
              className="shipment-undeliverable"
              aria-haspopup="dialog"
              disabled={detail.updating}
              onClick={() => setReturnOpen(true)}
            >
              {SHIPMENT_TEXTS.cannotDeliver}
            </Button>
          ) : null}
        </div>
      ) : null}

      <DeliveryCodeModal
        open={codeOpen}
        busy={detail.updating}
        error={detail.codeError}
        choices={type === 'STACK' ? deliverableShipments(model.deliveries) : []}
        confirmLabel={MESSAGES.sliderDelivered}
        onClose={() => setCodeOpen(false)}
        onSubmit={deliver}
      />
      <UndeliverableModal
        open={returnOpen}
        busy={detail.updating}
        choices={type === 'STACK' ? model.undeliverable : []}
        onClose={() => setReturnOpen(false)}
        onSubmit={reportUndeliverable}
      />
      <ConfirmModal
        open={cancelOpen}
        title={SHIPMENT_TEXTS.cancelTitle}
        body={SHIPMENT_TEXTS.cancelBody}
        busy={detail.updating}
        onCancel={() => setCancelOpen(false)}
        onConfirm={cancel}
      />
    </main>
  );
}

function SimpleDetails({ shipment, format }: { shipment: RiderShipment; format: FormatAmount }) {
  const { recipient } = shipment.logisticsOrder;
  return (
    <>
      {shipment.returnShipment ? (
        <p className="shipment-card shipment-return user-text">
          {SHIPMENT_TEXTS.returnReason(shipment.returnReason)}
        </p>
      ) : null}
      {shipment.canShowDetails && recipient ? <RecipientCard recipient={recipient} /> : null}
      <section className="shipment-card">
        <PaymentLine order={shipment.logisticsOrder} format={format} />
      </section>
    </>
  );
}

function StackDetails({
  deliveries,
  format,
  returning,
  busy,
  onReturn,
}: {
  deliveries: StackDelivery[];
  format: FormatAmount;
  /** Return shipments whose 'Regreso al local' is a button of their own. */
  returning: StackDelivery[];
  busy: boolean;
  onReturn: (shipmentId: number) => void;
}) {
  const titleId = useId();
  return (
    <section className="shipment-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="shipment-card__title">
        {SHIPMENT_TEXTS.deliveries}
      </h2>
      <ul className="deliveries">
        {deliveries.map(({ letter, shipment }) => {
          const { recipient, destination, orderRef } = shipment.logisticsOrder;
          return (
            <li key={shipment.id} className="delivery">
              <span className="route-letter" aria-hidden="true">
                {letter}
              </span>
              <div className="delivery__body">
                <p className="delivery__head">
                  <strong>{SHIPMENT_TEXTS.order(orderRef)}</strong>
                  <StatusBadge status={shipment.status} returnShipment={shipment.returnShipment} />
                </p>
                {shipment.returnShipment ? (
                  <p className="delivery__return user-text">
                    {SHIPMENT_TEXTS.returnReason(shipment.returnReason)}
                  </p>
                ) : null}
                {destination ? <p className="delivery__address user-text">{destination.address}</p> : null}
                {shipment.canShowDetails && recipient ? (
                  <p className="delivery__recipient">
                    <span className="shipment-muted">{MESSAGES.recipient}:</span>{' '}
                    <span className="user-text">{recipient.name}</span>{' '}
                    {recipient.phone ? (
                      <a href={`tel:${recipient.phone.replace(/[^\d+]/g, '')}`} className="delivery__call">
                        {recipient.phone}
                      </a>
                    ) : null}
                  </p>
                ) : null}
                <PaymentLine order={shipment.logisticsOrder} format={format} />
                {returning.some((back) => back.shipment.id === shipment.id) ? (
                  <Button
                    variant="secondary"
                    block
                    disabled={busy}
                    aria-busy={busy || undefined}
                    onClick={() => onReturn(shipment.id)}
                  >
                    {shipment.sliderLabel ?? SHIPMENT_TEXTS.backToShopStep}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'Otro repartidor ya tomó este envío.': the details stay hidden and the way back is the list. */
function LostAuction({ alias, go }: { alias: string; go: Go }) {
  return (
    <section className="shipment-card lost-auction" role="status">
      <span className="lost-auction__icon" aria-hidden="true">
        <IconInfo size={28} />
      </span>
      <p className="lost-auction__text">{SHIPMENT_LIFECYCLE_MESSAGES.takenByOther}</p>
      <AppLink className="button button--primary button--block" href={shipmentListPath(alias)} go={go}>
        {MESSAGES.seeShipments}
      </AppLink>
    </section>
  );
}

function DetailSkeleton({ contact }: { contact: BranchContact | null }) {
  return (
    <main className="shipment-page">
      <div className="shipment-page__inner">
        <LogisticsHeader contact={contact} title={MESSAGES.shipmentsTitle} />
        <LoadingRegion>
          <div className="skeleton-page">
            <Skeleton width="40%" height={28} radius={999} />
            <Skeleton height={150} radius={12} />
            <Skeleton height={80} radius={12} />
            <Skeleton height={64} radius={999} />
          </div>
        </LoadingRegion>
      </div>
    </main>
  );
}
