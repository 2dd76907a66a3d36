import { isShipmentChange, MESSAGES, SHIPMENT_CHANGE_EVENT, SHIPMENTS_OPEN_EVENT } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLiveChannel } from '../../app/use-live-channel.ts';
import { IconChevronRight } from '../../ui/icons.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { AppLink, type Go, type RiderScreenProps } from '../rider/app-link.tsx';
import {
  AccessDenied,
  LogisticsHeader,
  RefreshButton,
  useDocumentTitle,
  useLogisticsContact,
} from '../rider/logistics-frame.tsx';
import { riderQueries } from '../rider/rider-api.ts';
import { shipmentDetailPath } from '../rider/rider-paths.ts';
import { alertNewJob } from './new-job-alert.ts';
import { type RiderInProgress, shipmentQueries } from './shipment-api.ts';
import { type FormatAmount, StatusBadge, useFormatAmount } from './shipment-parts.tsx';
import { ageText, type ShipmentListEntry, shipmentListEntries, stackStatus } from './shipment-rules.ts';
import { SHIPMENT_TEXTS } from './shipment-texts.ts';
import { fetchFailure } from './update-feedback.ts';
import { useRiderLocation } from './use-rider-location.ts';
import './shipments.css';

/** Ages ('Hace 5 min') move on while the list is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The shipment list, /logistics/{alias}/shipments ('Envíos'): the rider's shipment in progress on top,
 * then the contact's shipments and stacks still looking for a driver. The list is live: the contact's
 * fleet channel tells of every new or moved shipment and the list fetches again; a new job rings and
 * vibrates. 'Actualizar' fetches by hand.
 */
export function ShipmentsListPage({ params, go }: RiderScreenProps) {
  const alias = params.alias ?? '';
  const toast = useToast();
  const titleId = useId();
  const { contact, failed } = useLogisticsContact(alias);
  useDocumentTitle(MESSAGES.shipmentsTitle, contact?.name);
  const contactId = contact?.id ?? 0;
  const whoami = useQuery(riderQueries.whoami());
  const list = useQuery({ ...shipmentQueries.list(contactId), enabled: contactId > 0 });
  const stacks = useQuery({ ...shipmentQueries.stacks(contactId), enabled: contactId > 0 });
  const inProgress = useQuery(shipmentQueries.inProgress());
  const [denied, setDenied] = useState(false);
  const now = useMinuteClock();
  const format = useFormatAmount(contact);

  const listError = list.error ?? stacks.error ?? inProgress.error;
  useEffect(() => {
    if (!listError) return;
    const failure = fetchFailure(listError, 'list');
    if (failure.message !== MESSAGES.accessDenied) toast(failure.message);
    if (failure.accessDenied) setDenied(true);
  }, [listError, toast]);

  const current = inProgress.data ?? null;
  useRiderLocation(Boolean(current?.shipment || current?.stack));

  // the shipments the list knew, so a change about another one looking for a driver is a new job
  const known = useRef(new Set<number>());
  for (const shipment of list.data?.shipments ?? []) known.current.add(shipment.id);
  const refreshRef = useRef(() => {});
  useLiveChannel(
    contactId > 0 && !denied
      ? {
          url: '/api/events/shipments',
          events: {
            [SHIPMENTS_OPEN_EVENT]: () => {},
            [SHIPMENT_CHANGE_EVENT]: (payload) => {
              if (!isShipmentChange(payload)) return;
              if (payload.status === 'LOOKING_FOR_DRIVER' && !known.current.has(payload.shipmentId)) {
                known.current.add(payload.shipmentId);
                alertNewJob();
                toast(SHIPMENT_TEXTS.newJob);
              }
              refreshRef.current();
            },
          },
          // what happened while the stream was away comes with a fetch
          onOpen: ({ isReconnect }) => {
            if (isReconnect) refreshRef.current();
          },
          reconnectAfterMs: 2000,
        }
      : null,
  );

  if (failed || denied || whoami.isError) return <AccessDenied alias={alias} go={go} />;

  const loading = list.isPending || stacks.isPending;
  const refreshing = list.isFetching || stacks.isFetching || inProgress.isFetching;
  const entries = shipmentListEntries(list.data, stacks.data);
  const refresh = () => {
    void list.refetch();
    void stacks.refetch();
    void inProgress.refetch();
  };
  refreshRef.current = refresh;

  return (
    <main className="shipment-page" aria-labelledby={titleId}>
      <div className="shipment-page__inner">
        <LogisticsHeader contact={contact} title={MESSAGES.shipmentsTitle} titleId={titleId}>
          <RefreshButton onClick={refresh} busy={refreshing && !loading} className="shipment-list__refresh" />
        </LogisticsHeader>
        {whoami.data ? <p className="shipment-greeting">{MESSAGES.helloRider(whoami.data.name)}</p> : null}

        {current ? <InProgress alias={alias} current={current} now={now} format={format} go={go} /> : null}

        <section className="shipment-list" aria-labelledby={`${titleId}-available`}>
          <h2 id={`${titleId}-available`} className="shipment-list__title">
            {SHIPMENT_TEXTS.availableTitle}
          </h2>
          {loading && !listError ? (
            <ListSkeleton />
          ) : listError ? (
            <p className="empty-note">{fetchFailure(listError, 'list').message}</p>
          ) : entries.length === 0 ? (
            <p className="empty-note shipment-list__empty">{MESSAGES.noShipments}</p>
          ) : (
            <ul className="shipment-list__items">
              {entries.map((entry) => (
                <li key={entry.key}>
                  <ShipmentItem alias={alias} entry={entry} now={now} format={format} go={go} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

function InProgress({
  alias,
  current,
  now,
  format,
  go,
}: {
  alias: string;
  current: RiderInProgress;
  now: Date;
  format: FormatAmount;
  go: Go;
}) {
  const titleId = useId();
  const entry = shipmentListEntries(
    { shipments: current.shipment ? [current.shipment] : [] },
    current.stack ? [current.stack] : [],
  )[0];
  const status = current.stack ? stackStatus(current.stack) : current.shipment?.status;
  const returnShipment = !current.stack && Boolean(current.shipment?.returnShipment);
  if (!entry) return null;
  return (
    <section className="shipment-list shipment-list--current" aria-labelledby={titleId}>
      <h2 id={titleId} className="shipment-list__title">
        {SHIPMENT_TEXTS.inProgressTitle}
      </h2>
      <ShipmentItem
        alias={alias}
        entry={entry}
        now={now}
        format={format}
        go={go}
        status={status}
        returnShipment={returnShipment}
        current
      />
    </section>
  );
}

function ShipmentItem({
  alias,
  entry,
  now,
  format,
  go,
  status,
  returnShipment = false,
  current = false,
}: {
  alias: string;
  entry: ShipmentListEntry;
  now: Date;
  format: FormatAmount;
  go: Go;
  status?: string | undefined;
  /** a return shipment on its way back: 'Regresando al local' */
  returnShipment?: boolean;
  current?: boolean;
}) {
  return (
    <AppLink
      className={`shipment-item${current ? ' shipment-item--current' : ''}`}
      href={shipmentDetailPath(alias, entry.type, entry.id)}
      go={go}
    >
      <span className="shipment-item__body">
        <span className="shipment-item__top">
          {entry.multi ? <span className="multi-tag">{MESSAGES.multiDelivery}</span> : null}
          {status ? <StatusBadge status={status} returnShipment={returnShipment} /> : null}
          <span className="shipment-item__age">{ageText(entry.createdAt, now)}</span>
        </span>
        <span className="shipment-item__stops">
          {entry.dropOffs.map((stop) => (
            <span key={`${stop.letter}-${stop.address}`} className="shipment-item__stop">
              <span className="route-letter route-letter--small" aria-hidden="true">
                {stop.letter}
              </span>
              <span className="shipment-item__address">
                <span className="user-text">{stop.address}</span>
                {stop.details ? (
                  <span className="shipment-muted">
                    {' · '}
                    <span className="user-text">{stop.details}</span>
                  </span>
                ) : null}
              </span>
            </span>
          ))}
        </span>
        <span className="shipment-item__meta">
          <span>
            {entry.letters}
            {entry.distance ? ` · ${entry.distance}` : ''}
          </span>
          {entry.amountToCollect > 0 ? (
            <span className="shipment-item__collect">
              {SHIPMENT_TEXTS.toCollect} <strong>{format(entry.amountToCollect)}</strong>
            </span>
          ) : (
            <span className="shipment-item__paid">{SHIPMENT_TEXTS.prepaid}</span>
          )}
        </span>
      </span>
      <IconChevronRight size={22} />
    </AppLink>
  );
}

function ListSkeleton() {
  return (
    <LoadingRegion>
      <ul className="shipment-list__items">
        {[0, 1, 2].map((key) => (
          <li key={key} className="shipment-item shipment-item--skeleton">
            <span className="shipment-item__body">
              <Skeleton width="30%" height={14} />
              <Skeleton width="80%" height={20} />
              <Skeleton width="55%" height={14} />
            </span>
          </li>
        ))}
      </ul>
    </LoadingRegion>
  );
}
