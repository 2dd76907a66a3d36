import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  averageMinutes,
  averageOf,
  averageTicket,
  csvAmount,
  csvDateTime,
  csvDocument,
  csvFileName,
  csvLine,
  csvText,
  decodeOrderCursor,
  encodeOrderCursor,
  escapeLike,
  npsGroupOf,
  npsOf,
  percentOf,
  periodBounds,
  periodDates,
  presetPeriod,
  resolvePeriod,
  searchTerms,
} from './order-reports.ts';

const TODAY = '2026-11-18';

describe('resolvePeriod', () => {
  it('takes both dates as given', () => {
    expect(resolvePeriod({ from: '2026-11-01', to: '2026-11-18' }, TODAY)).toEqual({
      ok: true,
      period: { from: '2026-11-01', to: '2026-11-18' },
    });
  });

  it('defaults to the 30 days up to today, or up to the given end', () => {
    expect(resolvePeriod({}, TODAY)).toEqual({ ok: true, period: { from: '2026-10-20', to: TODAY } });
    expect(resolvePeriod({ to: '2026-03-01' }, TODAY)).toEqual({
      ok: true,
      period: { from: '2026-01-31', to: '2026-03-01' },
    });
    expect(resolvePeriod({ from: '2026-11-10' }, TODAY)).toEqual({
      ok: true,
      period: { from: '2026-11-10', to: TODAY },
    });
    // a start after today is a one-day period
    expect(resolvePeriod({ from: '2026-12-01' }, TODAY)).toEqual({
      ok: true,
      period: { from: '2026-12-01', to: '2026-12-01' },
    });
  });

  it('refuses dates that are not calendar dates, in Spanish', () => {
    expect(resolvePeriod({ from: '18/11/2026' }, TODAY)).toEqual({
      ok: false,
      message: 'La fecha "desde" no es válida. Usá el formato AAAA-MM-DD.',
    });
    expect(resolvePeriod({ from: '2026-11-01', to: '2026-02-30' }, TODAY)).toEqual({
      ok: false,
      message: 'La fecha "hasta" no es válida. Usá el formato AAAA-MM-DD.',
    });
  });

  it('refuses an end before the start and a period over 366 days', () => {
    expect(resolvePeriod({ from: '2026-11-18', to: '2026-11-17' }, TODAY)).toEqual({
      ok: false,
      message: 'La fecha "hasta" no puede ser anterior a la fecha "desde".',
    });
    expect(resolvePeriod({ from: '2025-11-17', to: '2026-11-18' }, TODAY)).toEqual({
      ok: false,
      message: 'El período puede ser de hasta 366 días. Elegí uno más corto.',
    });
    expect(resolvePeriod({ from: '2025-11-18', to: '2026-11-18' }, TODAY).ok).toBe(true);
  });
});

describe('periods', () => {
  it('lists every date of a period, across a month end', () => {
    expect(periodDates({ from: '2026-10-30', to: '2026-11-02' })).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("covers the shop's local days: Buenos Aires midnight is 03:00 UTC", () => {
    const bounds = periodBounds({ from: '2026-11-17', to: '2026-11-18' }, 'America/Argentina/Buenos_Aires');
    expect(bounds.start.toISOString()).toBe('2026-11-17T03:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-11-19T03:00:00.000Z');
  });

  it('follows summer time: a Santiago day in November starts at 03:00 UTC, one in July at 04:00', () => {
    expect(
      periodBounds({ from: '2026-11-18', to: '2026-11-18' }, 'America/Santiago').start.toISOString(),
    ).toBe('2026-11-18T03:00:00.000Z');
    expect(
      periodBounds({ from: '2026-07-01', to: '2026-07-01' }, 'America/Santiago').start.toISOString(),
    ).toBe('2026-07-01T04:00:00.000Z');
  });

  it('names the quick periods', () => {
    expect(presetPeriod('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetPeriod('week', TODAY)).toEqual({ from: '2026-11-12', to: TODAY });
    expect(presetPeriod('month', TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
  });
});

describe('order cursor', () => {
  it('round-trips the instant to the microsecond and the id', () => {
    const cursor = { orderedAt: '2026-11-18T18:00:00.123456Z', id: 42 };
    expect(encodeOrderCursor(cursor)).toBe('2026-11-18T18:00:00.123456Z~42');
    expect(decodeOrderCursor(encodeOrderCursor(cursor))).toEqual(cursor);
  });

  it('refuses anything else', () => {
    for (const text of ['', '42', '2026-11-18T18:00:00Z~42', '2026-11-18T18:00:00.123456Z~0', "x'; drop"])
      expect(decodeOrderCursor(text)).toBeNull();
    expect(decodeOrderCursor('2026-11-18T18:00:00.123456Z~99999999999')).toBeNull();
  });
});

describe('search', () => {
  it('matches the code in upper case, the text, and the digits of a phone', () => {
    expect(searchTerms('  #dmp4kq  ')).toEqual({ text: '#dmp4kq', code: 'DMP4KQ', digits: null });
    expect(searchTerms('11 5555-0101')).toEqual({
      text: '11 5555-0101',
      code: '11 5555-0101',
      digits: '1155550101',
    });
    expect(searchTerms('   ')).toBeNull();
  });

  it("escapes LIKE's own characters", () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('CSV', () => {
  it('quotes a cell with the separator, a quote or a line break, doubling quotes', () => {
    expect(csvText('Lucía')).toBe('Lucía');
    expect(csvText('Sin sal; bien cocida')).toBe('"Sin sal; bien cocida"');
    expect(csvText('El "especial"')).toBe('"El ""especial"""');
    expect(csvText('Piso 4\nDepto B')).toBe('"Piso 4\nDepto B"');
    expect(csvText('1,5 kg')).toBe('"1,5 kg"');
    expect(csvText(null)).toBe('');
  });

  it('keeps a text a spreadsheet would run as a formula from running: an apostrophe first', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText('+54 9 11')).toBe("'+54 9 11");
    expect(csvText('-2')).toBe("'-2");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes amounts with a decimal comma and no thousands mark, exactly', () => {
    expect(csvAmount(123450, 2)).toBe('1234,50');
    expect(csvAmount(5, 2)).toBe('0,05');
    expect(csvAmount(-150, 2)).toBe('-1,50');
    expect(csvAmount(12000, 0)).toBe('12000');
  });

  it('writes a line and a whole file with BOM and CRLF; amounts are never prefixed', () => {
    expect(csvLine(['A1B2', { amount: -1500, decimals: 2 }, { count: 3 }, null])).toBe('A1B2;-15,00;3;');
    expect(csvDocument(['Código', 'Total'], [['A1', { amount: 100, decimals: 0 }]])).toBe(
      '\uFEFFCódigo;Total\r\nA1;100\r\n',
    );
  });

  it("writes a date and time in the shop's zone, as Excel's Spanish locale reads it", () => {
    const at = new Date('2026-11-17T02:30:00Z');
    expect(csvDateTime(at, 'America/Argentina/Buenos_Aires')).toBe('16/11/2026 23:30');
    expect(csvDateTime(at, 'America/Santiago')).toBe('16/11/2026 23:30');
    expect(csvDateTime(new Date('2026-07-01T12:05:00Z'), 'America/Santiago')).toBe('01/07/2026 08:05');
  });

  it('names the file in ASCII', () => {
    expect(csvFileName('Don Mateo Palermo', { from: '2026-11-01', to: '2026-11-18' })).toBe(
      'pedidos-don-mateo-palermo-2026-11-01-a-2026-11-18.csv',
    );
    expect(csvFileName('Ñandú', { from: '2026-11-01', to: '2026-11-01' })).toBe(
      'pedidos-nandu-2026-11-01-a-2026-11-01.csv',
    );
  });
});

describe('report figures', () => {
  it('averages minutes and ratings to one decimal, null without data', () => {
    expect(averageMinutes(25 * 60 + 35 * 60, 2)).toBe(30);
    expect(averageMinutes(100, 3)).toBe(0.6);
    expect(averageMinutes(0, 0)).toBeNull();
    expect(averageOf(4 + 5 + 5, 3)).toBe(4.7);
    expect(averageOf(0, 0)).toBeNull();
    expect(averageTicket(10001, 2)).toBe(5001);
    expect(averageTicket(0, 0)).toBe(0);
  });

  it('counts NPS on the 1 to 5 scale: 5 promotes, 4 is passive, 1 to 3 detract', () => {
    expect([5, 4, 3, 1].map(npsGroupOf)).toEqual(['promoters', 'passives', 'detractors', 'detractors']);
    expect(npsOf({ promoters: 2, passives: 1, detractors: 1 })).toBe(25);
    expect(npsOf({ promoters: 0, passives: 0, detractors: 3 })).toBe(-100);
    expect(npsOf({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
  });

  it('shares in whole percent', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
  });
});
