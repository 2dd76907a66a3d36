/**
 * `/console/reportes` (issue 27 item 5), the owner's only: for a period, the sales (tiles, a bar chart
 * per day with its table, the split per payment method), the dishes sold most, the average preparation
 * and delivery times, cancellations, and what the diners rated in the survey.
 */
import type { CurrencyInfo } from '@comanda/core';
import { percentOf } from '@comanda/core/back-office';
import type { ConsoleSession, SalesReport } from '@comanda/core/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useWideLayout } from '../../ui/use-wide-layout.ts';
import { type BackOfficePageProps, OwnerShell } from '../back-office/owner-shell.tsx';
import { money } from '../console/order-text.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { historyApi } from '../order-history/history-api.ts';
import {
  DEFAULT_PERIOD,
  minutesText,
  ordersCount,
  type PeriodChoice,
  periodQuery,
  periodText,
} from '../order-history/history-text.ts';
import { PeriodPicker } from '../order-history/period-picker.tsx';
import { SalesChart } from './sales-chart.tsx';
import '../order-history/history.css';
import './reports.css';

export function ReportsPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/reportes" title="Reportes">
      {(session) => <Reports session={session} />}
    </OwnerShell>
  );
}

function Reports({ session }: { session: ConsoleSession }) {
  const first = session.contacts[0];
  const currency = useContactCurrency(first ?? { country: 'ar', currency: 'ARS' });
  const [period, setPeriod] = useState<PeriodChoice>(DEFAULT_PERIOD);
  const [shop, setShop] = useState('');
  const [today, setToday] = useState<string | null>(null);
  const wide = useWideLayout();
  const shopId = useId();
  const asked = periodQuery(period, today);
  const query = asked.ok ? { ...asked.query, shop } : null;
  const report = useQuery({
    queryKey: ['back-office', 'report', query],
    queryFn: ({ signal }) => historyApi.report(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (report.data?.today) setToday(report.data.today);
  }, [report.data?.today]);
  const shops = report.data?.shops ?? [];

  return (
    <div className="reports">
      <section className="back-office__card reports__controls" aria-label="Período del reporte">
        <PeriodPicker value={period} onChange={setPeriod} problem={asked.ok ? null : asked.message} />
        {shops.length > 1 ? (
          <div className="back-office__field reports__shop">
            <label className="back-office__label" htmlFor={shopId}>
              Local
            </label>
            <select
              id={shopId}
              className="back-office__select"
              value={shop}
              onChange={(event) => setShop(event.target.value)}
            >
              <option value="">Todos</option>
              {shops.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </section>

      {report.data ? (
        <div
          aria-busy={(report.isPlaceholderData && report.isFetching) || undefined}
          className="reports__body"
        >
          <ReportBody report={report.data} currency={currency} wide={wide} />
        </div>
      ) : report.isError ? (
        <div className="back-office__notice" role="alert">
          <p>{report.error.message}</p>
          {isApiError(report.error) && report.error.status === 400 ? null : (
            <button type="button" className="back-office__retry" onClick={() => void report.refetch()}>
              Reintentar
            </button>
          )}
        </div>
      ) : (
        <ReportSkeleton />
      )}
    </div>
  );
}

function ReportBody({
  report,
  currency,
  wide,
}: {
  report: SalesReport;
  currency: CurrencyInfo;
  wide: boolean;
}) {
  const { totals, times, ratings } = report;
  const paymentsTotal = report.payments.reduce((sum, line) => sum + line.revenue, 0);
  const topQuantity = report.topDishes[0]?.quantity ?? 0;
  return (
    <>
      <h2 className="history__period">{periodText(report.period)}</h2>
      {totals.orders === 0 && totals.expired === 0 ? (
        <div className="history__empty">
          <p className="history__empty-title">No hay pedidos en este período</p>
          <p className="back-office__hint">Elegí otro período para ver tus ventas.</p>
        </div>
      ) : null}
      <ul className="reports__tiles" aria-label="Resumen">
        <Tile label="Ventas" value={money(totals.revenue, currency)} note={ordersCount(totals.sold)} strong />
        {/* whole units: cents of an average say nothing, and they broke the figure on a phone */}
        <Tile label="Ticket promedio" value={money(Math.round(totals.averageTicket), currency)} />
        <Tile
          label="Pedidos recibidos"
          value={String(totals.orders)}
          note={`${totals.delivered} entregados`}
        />
        <Tile
          label="Cancelados"
          value={String(totals.canceled)}
          note={totals.expired > 0 ? `y ${totals.expired} sin pagar a tiempo` : undefined}
        />
        <Tile
          label="Preparación promedio"
          value={minutesText(times.preparationMinutes)}
          note={
            times.preparedOrders > 0
              ? `de aceptado a listo, ${ordersCount(times.preparedOrders)}`
              : 'sin datos'
          }
        />
        <Tile
          label="Entrega promedio"
          value={minutesText(times.deliveryMinutes)}
          note={
            times.deliveredShipments > 0
              ? `del repartidor en camino a entregado, ${times.deliveredShipments} envíos`
              : 'sin envíos entregados'
          }
        />
      </ul>

      <Panel title="Ventas por día">
        <SalesChart days={report.days} currency={currency} wide={wide} />
      </Panel>

      <div className="reports__columns">
        <Panel title="Por medio de pago">
          {report.payments.length > 0 ? (
            <ul className="report-bars">
              {report.payments.map((line) => {
                const share = percentOf(line.revenue, paymentsTotal);
                return (
                  <li key={`${line.paymentMethod}-${line.name}`} className="report-bars__row">
                    <span className="report-bars__label">
                      <span>{line.name}</span>
                      <span className="report-bars__value">
                        {money(line.revenue, currency)} · {share}%
                      </span>
                    </span>
                    <span className="report-bars__track" aria-hidden="true">
                      <span className="report-bars__fill" style={{ width: `${share}%` }} />
                    </span>
                    <span className="back-office__hint">{ordersCount(line.orders)}</span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="back-office__hint">Sin ventas en este período.</p>
          )}
        </Panel>

        <Panel title="Platos más vendidos">
          {report.topDishes.length > 0 ? (
            <ol className="report-bars report-bars--ranked">
              {report.topDishes.map((dish) => (
                <li key={dish.name} className="report-bars__row">
                  <span className="report-bars__label">
                    <span className="user-text">{dish.name}</span>
                    <span className="report-bars__value">
                      {dish.quantity} u. · {money(dish.revenue, currency)}
                    </span>
                  </span>
                  <span className="report-bars__track" aria-hidden="true">
                    <span
                      className="report-bars__fill report-bars__fill--dish"
                      style={{ width: `${percentOf(dish.quantity, topQuantity)}%` }}
                    />
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="back-office__hint">Sin platos vendidos en este período.</p>
          )}
        </Panel>
      </div>

      <Panel title="Encuesta">
        {ratings.questions.length > 0 ? (
          <div className="reports__ratings">
            <p className="back-office__hint">{ordersCount(ratings.ratedOrders)} con calificación.</p>
            {ratings.nps ? (
              <div className="reports__nps">
                <p className="reports__nps-score">
                  <span className="reports__nps-label">NPS</span>
                  <span className="reports__nps-value">{ratings.nps.score}</span>
                </p>
                <p className="back-office__hint">
                  {ratings.nps.promoters} promotores (5), {ratings.nps.passives} neutros (4),{' '}
                  {ratings.nps.detractors} detractores (1 a 3)
                </p>
              </div>
            ) : null}
            {ratings.questions.map((question) => (
              <section key={question.title} className="reports__question" aria-label={question.title}>
                <p className="reports__question-title">
                  <span className="user-text">{question.title}</span>
                  <span className="reports__average">
                    {question.average === null ? '—' : question.average.toLocaleString('es-AR')} / 5
                  </span>
                </p>
                <ul className="report-stars">
                  {[5, 4, 3, 2, 1].map((stars) => {
                    const count = question.stars[stars - 1] ?? 0;
                    return (
                      <li key={stars} className="report-stars__row">
                        <span className="report-stars__label">
                          {stars} {stars === 1 ? 'estrella' : 'estrellas'}
                        </span>
                        <span className="report-bars__track" aria-hidden="true">
                          <span
                            className="report-bars__fill report-bars__fill--stars"
                            style={{ width: `${percentOf(count, question.count)}%` }}
                          />
                        </span>
                        <span className="report-stars__count">{count}</span>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <p className="back-office__hint">Todavía no hay calificaciones de pedidos de este período.</p>
        )}
      </Panel>

      {times.totalMinutes !== null ? (
        <p className="back-office__hint">
          Del pedido a la entrega, en promedio: {minutesText(times.totalMinutes)}.
        </p>
      ) : null}
    </>
  );
}

function Tile({
  label,
  value,
  note,
  strong,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  strong?: boolean;
}) {
  return (
    <li className={`report-tile${strong ? ' report-tile--strong' : ''}`}>
      <span className="report-tile__label">{label}</span>
      <span className="report-tile__value">{value}</span>
      {note ? <span className="report-tile__note">{note}</span> : null}
    </li>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="back-office__card reports__panel" aria-labelledby={id}>
      <h3 id={id} className="back-office__card-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ReportSkeleton() {
  return (
    <LoadingRegion label="Cargando el reporte…">
      <div className="back-office__skeleton">
        <Skeleton height={24} width="40%" />
        <div className="reports__tiles reports__tiles--skeleton">
          {[0, 1, 2, 3, 4, 5].map((tile) => (
            <Skeleton key={tile} height={96} radius={12} />
          ))}
        </div>
        <Skeleton height={280} radius={12} />
        <Skeleton height={200} radius={12} />
      </div>
    </LoadingRegion>
  );
}
