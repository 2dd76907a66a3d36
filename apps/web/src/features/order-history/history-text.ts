/**
 * The order history's and reports' texts and query building, pure so they are tested word for word.
 */
import { type Period, presetPeriod, resolvePeriod } from '@comanda/core/back-office';
import type { QueryParams } from '../../api/api.ts';

export const PERIOD_PRESETS = [
  { id: 'today', label: 'Hoy' },
  { id: 'week', label: 'Últimos 7 días' },
  { id: 'last30', label: 'Últimos 30 días' },
  { id: 'month', label: 'Este mes' },
  { id: 'custom', label: 'Elegir fechas' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];

export interface PeriodChoice {
  preset: PeriodPreset;
  /** the custom dates, 'YYYY-MM-DD' as the date fields give them ('' when empty) */
  from: string;
  to: string;
}

export const DEFAULT_PERIOD: PeriodChoice = { preset: 'last30', from: '', to: '' };

/**
 * The dates to ask for: none for the last 30 days (the server's default, counted from its own today),
 * a preset's from the server's today once known, the custom ones as typed. A custom period that core
 * refuses gives its Spanish problem instead (shown under the fields, nothing asked).
 */
export function periodQuery(
  choice: PeriodChoice,
  today: string | null,
): { ok: true; query: { from?: string; to?: string } } | { ok: false; message: string } {
  if (choice.preset === 'last30') return { ok: true, query: {} };
  if (choice.preset === 'custom') {
    if (choice.from === '' && choice.to === '') return { ok: true, query: {} };
    const input = {
      ...(choice.from ? { from: choice.from } : {}),
      ...(choice.to ? { to: choice.to } : {}),
    };
    const resolved = resolvePeriod(input, today ?? choice.to ?? choice.from);
    return resolved.ok ? { ok: true, query: input } : { ok: false, message: resolved.message };
  }
  if (!today) return { ok: true, query: {} };
  const period: Period = presetPeriod(choice.preset, today);
  return { ok: true, query: { from: period.from, to: period.to } };
}

export interface HistoryFilters {
  status: string;
  mode: string;
  payment: string;
  q: string;
  shop: string;
}

export const NO_FILTERS: HistoryFilters = { status: '', mode: '', payment: '', q: '', shop: '' };

/** The list's and the CSV's query: the period's dates and the filters given (empty ones left out). */
export function historyQuery(period: { from?: string; to?: string }, filters: HistoryFilters): QueryParams {
  return {
    from: period.from,
    to: period.to,
    status: filters.status,
    mode: filters.mode,
    payment: filters.payment,
    q: filters.q.trim(),
    shop: filters.shop,
  };
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.status || filters.mode || filters.payment || filters.q.trim() || filters.shop);
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '18 nov': a date of the period, short. */
export function shortDate(date: string): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? '';
  return `${Number(date.slice(8, 10))} ${month}`;
}

/** 'Del 12 nov al 18 nov de 2026', 'El 18 nov de 2026'. */
export function periodText(period: Period): string {
  const year = period.to.slice(0, 4);
  if (period.from === period.to) return `El ${shortDate(period.from)} de ${year}`;
  const fromYear = period.from.slice(0, 4);
  const from = fromYear === year ? shortDate(period.from) : `${shortDate(period.from)} de ${fromYear}`;
  return `Del ${from} al ${shortDate(period.to)} de ${year}`;
}

/** '12 pedidos', '1 pedido'. */
export function ordersCount(count: number): string {
  return count === 1 ? '1 pedido' : `${count.toLocaleString('es-AR')} pedidos`;
}

/** '25 min', '1 h 5 min', '—' without data. */
export function minutesText(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest === 0 ? `${Math.floor(whole / 60)} h` : `${Math.floor(whole / 60)} h ${rest} min`;
}
