import type { CurrencyInfo } from '@comanda/core';
import { useId } from 'react';
import { money } from '../console/order-text.ts';
import { ordersCount, shortDate } from '../order-history/history-text.ts';
import { bars, compactMoney, labelEvery, niceCeiling, ticks } from './chart-geometry.ts';

const BOTTOM = 28;
const TOP = 8;

/**
 * Sales per day as bars, drawn in SVG (no chart library: a few rectangles and lines). The picture is
 * one image with a text alternative; the figures themselves are in a table under it for whoever would
 * rather read them (and for screen readers).
 */
export function SalesChart({
  days,
  currency,
  wide,
}: {
  days: { date: string; orders: number; revenue: number }[];
  currency: CurrencyInfo;
  /** a desktop's wider drawing; a phone's is drawn at its own size, so the labels stay readable */
  wide: boolean;
}) {
  const id = useId();
  const WIDTH = wide ? 760 : 360;
  const HEIGHT = wide ? 240 : 220;
  const LEFT = 64;
  const best = days.reduce(
    (max, day) => (day.revenue > max.revenue ? day : max),
    days[0] ?? { date: '', orders: 0, revenue: 0 },
  );
  const top = niceCeiling(best.revenue);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const boxes = bars(
    days.map((day) => day.revenue),
    top,
    plotWidth,
    plotHeight,
  );
  const every = labelEvery(days.length, wide ? 12 : 5);
  const summary =
    best.revenue > 0
      ? `Ventas por día. El mejor día fue el ${shortDate(best.date)}, con ${money(best.revenue, currency)}.`
      : 'Ventas por día: no hubo ventas en este período.';

  return (
    <figure className="sales-chart">
      <svg
        className="sales-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>{summary}</title>
        <g transform={`translate(${LEFT} ${TOP})`}>
          {/* without sales the axis has its zero only: no made-up scale */}
          {(best.revenue > 0 ? ticks(top) : [0]).map((tick) => {
            const y = plotHeight - (tick / top) * plotHeight;
            return (
              <g key={tick}>
                <line x1={0} x2={plotWidth} y1={y} y2={y} className="sales-chart__grid" />
                <text x={-8} y={y + 4} textAnchor="end" className="sales-chart__axis">
                  {compactMoney(tick, currency.symbol)}
                </text>
              </g>
            );
          })}
          {boxes.map((box, index) => {
            const day = days[index];
            if (!day) return null;
            return (
              <g key={day.date}>
                <rect
                  x={box.x}
                  y={box.y}
                  width={box.width}
                  height={box.height}
                  rx={2}
                  className="sales-chart__bar"
                >
                  <title>{`${shortDate(day.date)}: ${money(day.revenue, currency)}, ${ordersCount(day.orders)}`}</title>
                </rect>
                {index % every === 0 ? (
                  <text
                    x={box.x + box.width / 2}
                    y={plotHeight + 18}
                    textAnchor="middle"
                    className="sales-chart__axis"
                  >
                    {shortDate(day.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="sales-chart__data">
        <summary>Ver los datos de cada día</summary>
        <div className="sales-chart__table-frame">
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Día</th>
                <th scope="col" className="report-table__number">
                  Pedidos
                </th>
                <th scope="col" className="report-table__number">
                  Ventas
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{shortDate(day.date)}</th>
                  <td className="report-table__number">{day.orders}</td>
                  <td className="report-table__number">{money(day.revenue, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
