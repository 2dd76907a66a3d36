/**
 * `/console/pedidos` (issue 27 item 5): every order of the branch, newest first, for a period (quick
 * choices or two dates) with filters by status, mode and payment and a search by code, name or phone;
 * cards on a phone and a table on a desktop, 'Cargar más' for the next page, an order's detail and
 * history in a dialog, and the filtered list as a CSV. Kitchen staff use it too (their branch's only).
 */
import { type CurrencyInfo, localDateTime, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@comanda/core';
import { PAYMENT_STATUS_LABELS } from '@comanda/core/back-office';
import type { ConsoleSession, OrderHistoryPage, OrderHistoryRow } from '@comanda/core/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { LoadMoreButton } from '../../ui/load-more-button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useLastDefined } from '../../ui/use-last-defined.ts';
import { useWideLayout } from '../../ui/use-wide-layout.ts';
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';
import { money } from '../console/order-text.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { historyApi } from './history-api.ts';
import {
  DEFAULT_PERIOD,
  type HistoryFilters,
  hasFilters,
  historyQuery,
  NO_FILTERS,
  type PeriodChoice,
  periodQuery,
  periodText,
} from './history-text.ts';
import { OrderDetailDialog } from './order-detail.tsx';
import { PeriodPicker } from './period-picker.tsx';
import './history.css';

export function HistoryPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/pedidos" title="Historial de pedidos" staffAllowed>
      {(session) => <History session={session} />}
    </OwnerShell>
  );
}

const SEARCH_WAIT_MS = 400;

function History({ session }: { session: ConsoleSession }) {
  const first = session.contacts[0];
  const currency = useContactCurrency(first ?? { country: 'ar', currency: 'ARS' });
  const [period, setPeriod] = useState<PeriodChoice>(DEFAULT_PERIOD);
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_WAIT_MS);
  const [today, setToday] = useState<string | null>(null);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const wide = useWideLayout();

  const asked = periodQuery(period, today);
  const query = asked.ok ? historyQuery(asked.query, { ...filters, q }) : null;
  const pages = useInfiniteQuery({
    queryKey: ['back-office', 'history', query],
    queryFn: ({ pageParam, signal }) => historyApi.page({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OrderHistoryPage) => last.nextCursor ?? undefined,
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const firstPage = pages.data?.pages[0];
  useEffect(() => {
    if (firstPage?.today) setToday(firstPage.today);
  }, [firstPage?.today]);
  const options = useLastDefined(firstPage?.options);
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const timeZoneOf = (shopId: number) =>
    session.contacts.find((contact) => contact.id === shopId)?.timeZone ?? first?.timeZone ?? 'UTC';
  const shopName = (shopId: number) => options?.shops.find((shop) => shop.id === shopId)?.name ?? '';
  const manyShops = (options?.shops.length ?? 0) > 1;
  const set = (key: keyof HistoryFilters) => (value: string) =>
    setFilters((now) => ({ ...now, [key]: value }));
  const stale = pages.isPlaceholderData && pages.isFetching;

  return (
    <div className="history">
      <section className="back-office__card history__filters" aria-label="Filtros">
        <PeriodPicker value={period} onChange={setPeriod} problem={asked.ok ? null : asked.message} />
        <div className="history__selects">
          <Select
            label="Estado"
            value={filters.status}
            onChange={set('status')}
            choices={ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))}
          />
          <Select
            label="Forma de pedido"
            value={filters.mode}
            onChange={set('mode')}
            choices={(options?.modes ?? []).map((mode) => ({ value: mode.type, label: mode.name }))}
          />
          <Select
            label="Medio de pago"
            value={filters.payment}
            onChange={set('payment')}
            choices={(options?.payments ?? []).map((payment) => ({
              value: payment.method,
              label: payment.name,
            }))}
          />
          {manyShops ? (
            <Select
              label="Local"
              value={filters.shop}
              onChange={set('shop')}
              choices={(options?.shops ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
            />
          ) : null}
        </div>
        <div className="history__search-row">
          <label className="back-office__field history__search">
            <span className="back-office__label">Buscar</span>
            <input
              type="search"
              className="back-office__input"
              placeholder="Código, nombre o teléfono"
              maxLength={80}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <CsvButton query={query} />
        </div>
      </section>

      <section
        className="history__results"
        aria-labelledby="history-results-title"
        aria-busy={stale || undefined}
      >
        <h2 id="history-results-title" className="history__period">
          {firstPage ? periodText(firstPage.period) : 'Pedidos'}
        </h2>
        {pages.isError && !pages.data ? (
          <div className="back-office__notice" role="alert">
            <p>{pages.error.message}</p>
            {isApiError(pages.error) && pages.error.status === 400 ? null : (
              <button type="button" className="back-office__retry" onClick={() => void pages.refetch()}>
                Reintentar
              </button>
            )}
          </div>
        ) : !pages.data ? (
          <HistorySkeleton wide={wide} />
        ) : rows.length === 0 ? (
          <div className="history__empty">
            <p className="history__empty-title">No hay pedidos en este período</p>
            <p className="back-office__hint">
              {hasFilters({ ...filters, q })
                ? 'Probá con otros filtros o con otra búsqueda.'
                : 'Elegí otro período para ver más pedidos.'}
            </p>
          </div>
        ) : (
          <>
            {wide ? (
              <HistoryTable
                rows={rows}
                currency={currency}
                timeZoneOf={timeZoneOf}
                shopName={manyShops ? shopName : null}
                onOpen={setOpenCode}
              />
            ) : (
              <ul className="history__cards">
                {rows.map((row) => (
                  <li key={row.code}>
                    <HistoryCard
                      row={row}
                      currency={currency}
                      timeZone={timeZoneOf(row.shopId)}
                      onOpen={setOpenCode}
                    />
                  </li>
                ))}
              </ul>
            )}
            {pages.isError ? (
              <p className="back-office__error" role="alert">
                {pages.error.message}
              </p>
            ) : null}
            {pages.hasNextPage ? (
              <LoadMoreButton
                label="Cargar más"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              />
            ) : (
              <p className="back-office__hint history__end">No hay más pedidos en este período.</p>
            )}
          </>
        )}
      </section>

      <OrderDetailDialog code={openCode} currency={currency} wide={wide} onClose={() => setOpenCode(null)} />
    </div>
  );
}

function Select({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="back-office__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Todos</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** 'Descargar CSV': the file of the filters as they are; a refusal is told in a toast. */
function CsvButton({ query }: { query: ReturnType<typeof historyQuery> | null }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    if (!query) return;
    setBusy(true);
    try {
      const { blob, fileName } = await historyApi.csv(query);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast('Descargamos el archivo.');
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="secondary"
      className="history__csv"
      disabled={!query || busy}
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      {busy ? 'Preparando…' : 'Descargar CSV'}
    </Button>
  );
}

const statusClass = (status: string) =>
  `history-status history-status--${status.toLowerCase().replace('_', '-')}`;

/** 'Pagado', 'A cobrar', or the online payment's state when it is not simply paid. */
export function paymentText(row: OrderHistoryRow): string {
  if (row.paymentStatus && ['REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'].includes(row.paymentStatus))
    return PAYMENT_STATUS_LABELS[row.paymentStatus] ?? row.paymentStatus;
  return row.paid ? 'Pagado' : 'A cobrar';
}

function HistoryCard({
  row,
  currency,
  timeZone,
  onOpen,
}: {
  row: OrderHistoryRow;
  currency: CurrencyInfo;
  timeZone: string;
  onOpen: (code: string) => void;
}) {
  return (
    <button type="button" className="history-card" onClick={() => onOpen(row.code)}>
      <span className="history-card__top">
        <span className="history-card__code">
          <span className="sr-only">Pedido </span>#{row.code}
        </span>
        <span className={statusClass(row.status)}>{ORDER_STATUS_LABELS[row.status]}</span>
      </span>
      <span className="history-card__name">{row.customerName}</span>
      <span className="history-card__meta">
        {localDateTime(row.orderedAt, timeZone)} · {row.orderModeName}
      </span>
      <span className="history-card__bottom">
        <span className="history-card__payment">
          {row.paymentTypeName ?? row.paymentMethod} · {paymentText(row)}
        </span>
        <span className="history-card__total">{money(row.total, currency)}</span>
      </span>
    </button>
  );
}

function HistoryTable({
  rows,
  currency,
  timeZoneOf,
  shopName,
  onOpen,
}: {
  rows: OrderHistoryRow[];
  currency: CurrencyInfo;
  timeZoneOf: (shopId: number) => string;
  shopName: ((shopId: number) => string) | null;
  onOpen: (code: string) => void;
}) {
  return (
    <div className="history-table__frame">
      <table className="history-table">
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Fecha</th>
            {shopName ? <th scope="col">Local</th> : null}
            <th scope="col">Cliente</th>
            <th scope="col">Forma</th>
            <th scope="col">Pago</th>
            <th scope="col">Estado</th>
            <th scope="col" className="history-table__amount">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <td>
                <button type="button" className="history-table__open" onClick={() => onOpen(row.code)}>
                  <span className="sr-only">Ver el pedido </span>#{row.code}
                </button>
              </td>
              <td className="history-table__date">{localDateTime(row.orderedAt, timeZoneOf(row.shopId))}</td>
              {shopName ? <td>{shopName(row.shopId)}</td> : null}
              <td>
                <span className="history-table__name">{row.customerName}</span>
                <span className="history-table__phone">{row.phone}</span>
              </td>
              <td>{row.orderModeName}</td>
              <td>
                {row.paymentTypeName ?? row.paymentMethod}
                <span className="history-table__paid">{paymentText(row)}</span>
              </td>
              <td>
                <span className={statusClass(row.status)}>{ORDER_STATUS_LABELS[row.status]}</span>
              </td>
              <td className="history-table__amount">{money(row.total, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistorySkeleton({ wide }: { wide: boolean }) {
  return (
    <LoadingRegion label="Cargando pedidos…">
      <div className="back-office__skeleton">
        {Array.from({ length: wide ? 8 : 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} height={wide ? 52 : 112} radius={12} />
        ))}
      </div>
    </LoadingRegion>
  );
}
