import {
  boxAround,
  hasRiderContact,
  isLiveConnection,
  MESSAGES,
  riderCallLink,
  riderLabel,
  riderWhatsAppLink,
  showsRiderLine,
  TRACKING_MAP_INITIAL_ZOOM,
  TRACKING_MARKER_SIZE,
  trackingDateTime,
  trackingEtaText,
  trackingMapCenter,
  trackingMarkers,
  trackingStatusBadge,
} from '@comanda/core';
import type { TrackingInfo, TrackingWaiting } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { dinerQueries } from '../../api/queries.ts';
import { useBranchTheme } from '../../theme/apply-theme.ts';
import { Button } from '../../ui/button.tsx';
import { IconClock, IconInfo, IconPhone, IconUser, IconWhatsApp } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useAfterFirstPaint } from '../../ui/use-after-first-paint.ts';
import { isTrackingWaiting } from './live-updates.ts';
import '../status/status-screen.css';
import './tracking.css';
import { useTracking } from './use-tracking.ts';

export { trackingQueries } from './tracking-queries.ts';

const TrackingMap = lazy(() => import('./tracking-map.tsx'));

const PAGE_TITLE = 'Seguimiento del pedido';

/**
 * The public tracking page: /logistics/tracking/order/{alias}/{orderCode}. The route hands it the
 * path's params (router.tsx), so this chunk imports nothing of react-router: a lazy page importing
 * react-router and react-query made Rolldown split both out of the storefront's entry chunk.
 */
export function TrackingPage({ alias, orderCode }: { alias: string; orderCode: string }) {
  const tracking = useTracking(alias, orderCode);
  // the contact's branch brings the business's colours (white label); the page works without them
  const contact = useQuery({ ...dinerQueries.alias(alias), enabled: Boolean(alias) }).data;
  const branch = contact?.type === 'branchContact' ? contact.info.branch : null;
  useBranchTheme(branch);

  const brand = tracking.info?.branch.name ?? branch?.name;
  useEffect(() => {
    document.title = brand ? `${brand} | ${PAGE_TITLE}` : PAGE_TITLE;
  }, [brand]);

  if (tracking.accessDenied) return <AccessDenied />;
  if (tracking.isPending) return <TrackingSkeleton />;
  return <TrackingView alias={alias} orderCode={orderCode} tracking={tracking} />;
}

function TrackingView({
  alias,
  orderCode,
  tracking,
}: {
  alias: string;
  orderCode: string;
  tracking: ReturnType<typeof useTracking>;
}) {
  const answer = tracking.info;
  // a delivery order with no shipment yet: 'Buscando repartidor' until one exists
  const waiting = isTrackingWaiting(answer) ? answer : null;
  const info = waiting ? null : (answer as TrackingInfo | null);
  const titleId = useId();
  const map = useMemo(() => mapPropsOf(waiting ? waitingView(waiting) : info), [waiting, info]);
  // the view is fitted on the first data and again after 'Actualizar', not on live moves
  const [viewKey, setViewKey] = useState(0);
  const [codeOpen, setCodeOpen] = useState(false);
  const codeOffered = useRef(false);
  const securityCode = info?.securityCode ?? null;

  // the spec's modal opens by itself once, when the order has a valid delivery code
  useEffect(() => {
    if (securityCode && !codeOffered.current) {
      codeOffered.current = true;
      setCodeOpen(true);
    }
  }, [securityCode]);

  async function refresh() {
    await tracking.refresh();
    setViewKey((key) => key + 1);
  }

  const brand = answer?.branch.name ?? '';
  const live = isLiveConnection(tracking.connection);
  // the order's text first; the map (Leaflet, the page's largest chunk) right after it is on screen
  const showMap = useAfterFirstPaint();

  return (
    <div className="tracking">
      <div className="tracking__map">
        {showMap ? (
          <Suspense fallback={<div className="tracking__map-placeholder" />}>
            <TrackingMap {...map} viewKey={viewKey} label="Mapa del envío" />
          </Suspense>
        ) : (
          <div className="tracking__map-placeholder" />
        )}
        {answer ? (
          <Logo
            className="tracking__logo"
            url={answer.branch.customLogoURL}
            name={answer.branch.name}
            size={48}
          />
        ) : null}
        {live ? (
          <span className="tracking__live" data-testid="tracking-live">
            <span className="tracking__live-dot" aria-hidden="true" />
            En vivo
          </span>
        ) : null}
      </div>

      <main className="tracking__panel" aria-labelledby={titleId}>
        <header className="tracking__header">
          <h1 id={titleId} className="tracking__title">
            Pedido {answer?.orderCode ?? orderCode}
          </h1>
          {answer ? (
            <p className="tracking__muted">
              {trackingDateTime(waiting ? waiting.orderedAt : info?.createdAt, answer.timeZone)}
            </p>
          ) : null}
          {brand ? <p className="tracking__muted">{brand}</p> : null}
        </header>
        {info ? <TrackingDetails info={info} /> : null}
        {waiting ? <WaitingDetails alias={alias} orderCode={waiting.orderCode} /> : null}
        <Button
          variant="secondary"
          block
          className="tracking__refresh"
          onClick={refresh}
          disabled={tracking.refreshing}
          aria-busy={tracking.refreshing}
        >
          {tracking.refreshing ? <span className="tracking__spinner" aria-hidden="true" /> : null}
          {MESSAGES.refresh}
        </Button>
      </main>

      {securityCode ? (
        <Modal
          open={codeOpen}
          onClose={() => setCodeOpen(false)}
          title={MESSAGES.shareCode(securityCode)}
          className="tracking-code-modal"
          footer={
            <Button block onClick={() => setCodeOpen(false)}>
              {MESSAGES.continue}
            </Button>
          }
        >
          <p>{MESSAGES.shareCodeBody}</p>
        </Modal>
      ) : null}
    </div>
  );
}

/** What the map shows of an order waiting for its rider: the shop alone. */
function waitingView(waiting: TrackingWaiting): TrackingMapView {
  return { status: 'LOOKING_FOR_DRIVER', branchLocation: waiting.branchLocation };
}

type TrackingMapView = Parameters<typeof trackingMarkers>[0];

/** The spec's map rules, applied here so the map's chunk needs nothing of core. */
function mapPropsOf(info: TrackingMapView | null) {
  const markers = info ? trackingMarkers(info) : [];
  // the fitted zoom is not known yet: the box is taken around the centre at street level
  const around = trackingMapCenter(markers, 16);
  return {
    markers,
    initialView: { zoom: TRACKING_MAP_INITIAL_ZOOM },
    centerAt: (zoom: number) => trackingMapCenter(markers, zoom),
    fitBox: around ? boxAround(around, markers) : null,
    markerSize: TRACKING_MARKER_SIZE,
  };
}

function TrackingDetails({ info }: { info: TrackingInfo }) {
  // a return shipment's DELIVERED is the way back: 'Regresando al local' (an older payload may lack the flag)
  const badge = trackingStatusBadge(info.status, info.returnShipment === true);
  const eta = trackingEtaText(info, info.timeZone);
  const codeTitleId = useId();
  return (
    <>
      <p className="tracking__status" style={{ background: badge.color }} data-testid="tracking-status">
        {badge.label}
      </p>
      <RiderBlock info={info} />
      {eta ? (
        <p className="tracking__eta">
          <IconClock size={20} />
          {eta}
        </p>
      ) : null}
      {info.securityCode ? (
        <section className="tracking__code" aria-labelledby={codeTitleId}>
          <h2 id={codeTitleId} className="tracking__code-title">
            {MESSAGES.deliveryCodeTitle}
          </h2>
          <p className="tracking__code-value">{info.securityCode}</p>
          <p className="tracking__muted">{MESSAGES.deliveryCodeNote}</p>
        </section>
      ) : null}
    </>
  );
}

/**
 * The order exists but no rider has it yet (there is no shipment): the status the tracking will start
 * with, and a word on what happens next. The order's channel turns the page into the tracking live.
 */
function WaitingDetails({ alias, orderCode }: { alias: string; orderCode: string }) {
  const badge = trackingStatusBadge('LOOKING_FOR_DRIVER');
  return (
    <>
      <p className="tracking__status" style={{ background: badge.color }} data-testid="tracking-status">
        {badge.label}
      </p>
      <p className="tracking__waiting" role="status">
        <span className="tracking__waiting-dot" aria-hidden="true" />
        Apenas un repartidor tome tu pedido, vas a poder seguirlo acá en vivo.
      </p>
      <a
        className="button button--secondary button--block tracking__order-link"
        href={`/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(orderCode)}`}
      >
        Ver mi pedido
      </a>
    </>
  );
}

function RiderBlock({ info }: { info: TrackingInfo }) {
  const { rider } = info;
  if (!showsRiderLine(info)) return null;
  if (!rider || !hasRiderContact(rider)) {
    return (
      <p className="tracking__rider tracking__rider--none">
        <span className="tracking__avatar" aria-hidden="true">
          <IconUser size={20} />
        </span>
        {riderLabel(rider)}
      </p>
    );
  }
  const whatsApp = riderWhatsAppLink(rider.phone);
  const call = riderCallLink(rider.phone);
  return (
    <div className="tracking__rider">
      <span className="tracking__avatar" aria-hidden="true">
        <IconUser size={20} />
      </span>
      <p className="tracking__rider-name">
        <span className="tracking__muted">Tu repartidor</span>
        <strong className="user-text">{riderLabel(rider)}</strong>
      </p>
      <ContactLink
        href={whatsApp}
        label={`Escribir a ${rider.name} por WhatsApp`}
        className="tracking__contact--whatsapp"
        external
      >
        <IconWhatsApp size={22} />
      </ContactLink>
      <ContactLink href={call} label={`Llamar a ${rider.name}`} className="tracking__contact--call">
        <IconPhone size={22} />
      </ContactLink>
    </div>
  );
}

/** A round link; without an address (no phone) it stays in place but does nothing. */
function ContactLink({
  href,
  label,
  className,
  external = false,
  children,
}: {
  href: string | null;
  label: string;
  className: string;
  external?: boolean;
  children: ReactNode;
}) {
  if (!href) {
    // shown and named, but inert
    return (
      <button type="button" className={`tracking__contact ${className}`} disabled aria-label={label}>
        {children}
      </button>
    );
  }
  return (
    <a
      className={`tracking__contact ${className}`}
      href={href}
      aria-label={label}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

function TrackingSkeleton() {
  return (
    <div className="tracking">
      <div className="tracking__map">
        <Skeleton height="100%" radius={0} />
      </div>
      <main className="tracking__panel">
        <LoadingRegion>
          <div className="tracking__skeleton">
            <Skeleton width="60%" height={24} />
            <Skeleton width="40%" height={16} />
            <Skeleton width="45%" height={28} radius={999} />
            <Skeleton height={56} radius={12} />
            <Skeleton height={88} radius={12} />
            <Skeleton height={48} radius={12} />
          </div>
        </LoadingRegion>
      </main>
    </div>
  );
}

/** The spec's 404 for an unknown or expired tracking link. */
function AccessDenied() {
  const titleId = useId();
  return (
    <main className="status-screen page" aria-labelledby={titleId}>
      <span className="status-screen__icon status-screen__icon--blocked">
        <IconInfo size={32} />
      </span>
      <h1 id={titleId} className="status-screen__title">
        {MESSAGES.accessDenied}
      </h1>
      <p className="status-screen__body">Revisá el enlace que recibiste o pedile uno nuevo al local.</p>
    </main>
  );
}
