import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERIOD,
  hasFilters,
  historyQuery,
  minutesText,
  NO_FILTERS,
  ordersCount,
  periodQuery,
  periodText,
  shortDate,
} from './history-text.ts';

const TODAY = '2026-11-18';

describe('periodQuery', () => {
  it('asks for no dates for the last 30 days: the server counts them from its own today', () => {
    expect(periodQuery(DEFAULT_PERIOD, null)).toEqual({ ok: true, query: {} });
    expect(periodQuery(DEFAULT_PERIOD, TODAY)).toEqual({ ok: true, query: {} });
  });

  it("counts the quick periods from the server's today once known", () => {
    expect(periodQuery({ preset: 'today', from: '', to: '' }, TODAY)).toEqual({
      ok: true,
      query: { from: TODAY, to: TODAY },
    });
    expect(periodQuery({ preset: 'week', from: '', to: '' }, TODAY)).toEqual({
      ok: true,
      query: { from: '2026-11-12', to: TODAY },
    });
    expect(periodQuery({ preset: 'month', from: '', to: '' }, TODAY)).toEqual({
      ok: true,
      query: { from: '2026-11-01', to: TODAY },
    });
  });

  it('sends the custom dates as typed, and refuses them in Spanish the way the server would', () => {
    expect(periodQuery({ preset: 'custom', from: '2026-11-01', to: '2026-11-05' }, TODAY)).toEqual({
      ok: true,
      query: { from: '2026-11-01', to: '2026-11-05' },
    });
    expect(periodQuery({ preset: 'custom', from: '', to: '' }, TODAY)).toEqual({ ok: true, query: {} });
    expect(periodQuery({ preset: 'custom', from: '2026-11-05', to: '2026-11-01' }, TODAY)).toEqual({
      ok: false,
      message: 'La fecha "hasta" no puede ser anterior a la fecha "desde".',
    });
    expect(periodQuery({ preset: 'custom', from: '2024-11-05', to: '2026-11-01' }, TODAY)).toEqual({
      ok: false,
      message: 'El período puede ser de hasta 366 días. Elegí uno más corto.',
    });
  });
});

describe('history query', () => {
  it('leaves the empty filters out and trims the search', () => {
    expect(historyQuery({ from: TODAY }, { ...NO_FILTERS, status: 'CANCELED', q: '  lucía ' })).toEqual({
      from: TODAY,
      to: undefined,
      status: 'CANCELED',
      mode: '',
      payment: '',
      q: 'lucía',
      shop: '',
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, q: '  ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, mode: 'DELIVERY' })).toBe(true);
  });
});

describe('texts', () => {
  it('names a period', () => {
    expect(shortDate('2026-11-08')).toBe('8 nov');
    expect(periodText({ from: '2026-11-12', to: TODAY })).toBe('Del 12 nov al 18 nov de 2026');
    expect(periodText({ from: TODAY, to: TODAY })).toBe('El 18 nov de 2026');
    expect(periodText({ from: '2025-12-20', to: '2026-01-10' })).toBe('Del 20 dic de 2025 al 10 ene de 2026');
  });

  it('counts orders and minutes', () => {
    expect(ordersCount(1)).toBe('1 pedido');
    expect(ordersCount(1200)).toBe('1.200 pedidos');
    expect(minutesText(null)).toBe('—');
    expect(minutesText(24.6)).toBe('25 min');
    expect(minutesText(60)).toBe('1 h');
    expect(minutesText(65.2)).toBe('1 h 5 min');
  });
});
