/**
 * The owner console's order history and reports (issue 27 item 5): the period a search or a report
 * covers (local dates of the shop, at most a year), the keyset cursor of the history's pages, the CSV
 * export (UTF-8 with BOM, ';' between cells, decimal comma: what a Spanish-locale Excel opens as is)
 * and the report's small sums (averages, NPS). Amounts in minor units, as everywhere in core.
 */
import { TZDate } from '@date-fns/tz';
import { zonedDateTime } from '../local-time.ts';

export const ORDER_REPORT_MESSAGES = {
  badFrom: 'La fecha "desde" no es válida. Usá el formato AAAA-MM-DD.',
  badTo: 'La fecha "hasta" no es válida. Usá el formato AAAA-MM-DD.',
  toBeforeFrom: 'La fecha "hasta" no puede ser anterior a la fecha "desde".',
  tooLong: (days: number) => `El período puede ser de hasta ${days} días. Elegí uno más corto.`,
  badCursor: 'No pudimos seguir la lista desde ahí. Volvé a buscar.',
  badStatus: 'Elegí un estado de la lista.',
  badMode: 'Elegí una forma de pedido de la lista.',
  badPayment: 'Elegí un medio de pago de la lista.',
  badSearch: 'La búsqueda puede tener hasta 80 caracteres.',
  badShop: 'Elegí un local de la lista.',
  tooManyRows: (max: string) =>
    `El período tiene más de ${max} pedidos para descargar. Elegí un período más corto o más filtros.`,
} as const;

/** The longest period a search, an export or a report covers. */
export const MAX_PERIOD_DAYS = 366;
/** The period when none is given: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
export const SEARCH_MAX_CHARS = 80;

export interface Period {
  /** 'YYYY-MM-DD', local dates of the shop, both included */
  from: string;
  to: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date; null when it is not one ('2026-02-30'). */
function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return ms / 86_400_000;
}

function dateOfDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days. */
export function addDaysToDate(date: string, days: number): string {
  const day = dayNumber(date);
  if (day === null) throw new Error(`not a date: ${date}`);
  return dateOfDayNumber(day + days);
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; message: string };

/**
 * The period asked for: dates as 'YYYY-MM-DD'; without `from` the 30 days up to `to` (or today),
 * without `to` up to today (or `from` itself when it is after today). At most MAX_PERIOD_DAYS days.
 */
export function resolvePeriod(
  input: { from?: string | undefined; to?: string | undefined },
  today: string,
): PeriodResult {
  const fromDay = input.from === undefined ? undefined : dayNumber(input.from);
  if (fromDay === null) return { ok: false, message: ORDER_REPORT_MESSAGES.badFrom };
  const toDay = input.to === undefined ? undefined : dayNumber(input.to);
  if (toDay === null) return { ok: false, message: ORDER_REPORT_MESSAGES.badTo };
  const todayDay = dayNumber(today);
  if (todayDay === null) throw new Error(`not a date: ${today}`);
  const to = toDay ?? (fromDay !== undefined && fromDay > todayDay ? fromDay : todayDay);
  const from = fromDay ?? to - (DEFAULT_PERIOD_DAYS - 1);
  if (to < from) return { ok: false, message: ORDER_REPORT_MESSAGES.toBeforeFrom };
  if (to - from + 1 > MAX_PERIOD_DAYS)
    return { ok: false, message: ORDER_REPORT_MESSAGES.tooLong(MAX_PERIOD_DAYS) };
  return { ok: true, period: { from: dateOfDayNumber(from), to: dateOfDayNumber(to) } };
}

/** Every date of the period, in order (the report's days, those without orders too). */
export function periodDates(period: Period): string[] {
  const from = dayNumber(period.from);
  const to = dayNumber(period.to);
  if (from === null || to === null) return [];
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => dateOfDayNumber(from + i));
}

/** The instants the period covers in a time zone: from its first local midnight to the one after its end. */
export function periodBounds(period: Period, timeZone: string): { start: Date; end: Date } {
  const midnight = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
  };
  return { start: midnight(period.from), end: midnight(addDaysToDate(period.to, 1)) };
}

/** The history's quick periods: today, the last 7 days, this month (up to today). */
export function presetPeriod(preset: 'today' | 'week' | 'month', today: string): Period {
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'week') return { from: addDaysToDate(today, -6), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

// ---------------------------------------------------------------- keyset cursor

/**
 * The history's page cursor: the last row's ordering key, its exact instant (microseconds, as the
 * database keeps it: a millisecond one would skip or repeat rows ordered in the same millisecond) and
 * its id. Written '2026-11-18T18:00:00.123456Z~42'.
 */
export interface OrderCursor {
  orderedAt: string;
  id: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d{1,10})$/;

export function encodeOrderCursor(cursor: OrderCursor): string {
  return `${cursor.orderedAt}~${cursor.id}`;
}

/** The cursor of a page link; null when it is not one. */
export function decodeOrderCursor(text: string): OrderCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  if (Number.isNaN(Date.parse(match[1] as string))) return null;
  return { orderedAt: match[1] as string, id };
}

// ---------------------------------------------------------------- search

/** What a search matches: the code (upper case), the name, and the phone's digits when it has 3 or more. */
export function searchTerms(q: string): { text: string; code: string; digits: string | null } | null {
  const text = q.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const digits = text.replace(/\D/g, '');
  return { text, code: text.replace(/^#/, '').toUpperCase(), digits: digits.length >= 3 ? digits : null };
}

/** A LIKE pattern's own characters, escaped (with '\'), so a search for '50%' looks for '50%'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// ---------------------------------------------------------------- CSV

/**
 * Spanish-locale Excel (es-AR, es-CL, es-ES) separates list items with ';' (the comma is its decimal
 * mark) and reads UTF-8 only after a BOM; lines end with CRLF as RFC 4180 says.
 */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

/** A text cell: quoted when it holds the separator, a quote or a line break; quotes doubled. A text
 *  that a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) starts
 *  with an apostrophe instead (OWASP's CSV injection advice). */
export function csvText(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An amount of minor units as Excel's Spanish locale reads a number: '-1234,50', no thousands mark. */
export function csvAmount(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(minor))).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)},${digits.slice(-decimals)}`;
}

/** A CSV cell: text escaped, an amount written as a number (never prefixed, it is not a formula). */
export type CsvCell = string | null | { amount: number; decimals: number } | { count: number };

export function csvLine(cells: readonly CsvCell[]): string {
  return cells
    .map((cell) => {
      if (cell !== null && typeof cell === 'object')
        return 'amount' in cell ? csvAmount(cell.amount, cell.decimals) : String(cell.count);
      return csvText(cell);
    })
    .join(CSV_SEPARATOR);
}

/** The whole file: BOM, header, rows, CRLF after each line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${CSV_BOM}${[csvLine(header), ...rows.map(csvLine)].map((line) => `${line}\r\n`).join('')}`;
}

/** 'pedidos-donmateo-palermo-2026-11-01-a-2026-11-18.csv': ASCII only, so every browser keeps it. */
export function csvFileName(alias: string, period: Period): string {
  const safe = alias
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `pedidos-${safe || 'local'}-${period.from}-a-${period.to}.csv`;
}

// ---------------------------------------------------------------- report figures

/** Average minutes of a sum of seconds over a count, to one decimal; null without any. */
export function averageMinutes(totalSeconds: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((totalSeconds / count / 60) * 10) / 10;
}

/** An average to one decimal (a rating); null without any. */
export function averageOf(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** The average ticket: revenue over the orders sold, in minor units, rounded; 0 without any. */
export function averageTicket(revenue: number, orders: number): number {
  return orders > 0 ? Math.round(revenue / orders) : 0;
}

/**
 * The survey's recommendation question is rated 1 to 5 (post-order-and-logistics.md section 3), not
 * 0 to 10: a 5 promotes, a 4 is passive, 1 to 3 detract. NPS = % promoters - % detractors, -100 to 100.
 */
export function npsOf(counts: { promoters: number; passives: number; detractors: number }): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (total === 0) return null;
  return Math.round(((counts.promoters - counts.detractors) / total) * 100);
}

export function npsGroupOf(rating: number): 'promoters' | 'passives' | 'detractors' {
  if (rating >= 5) return 'promoters';
  if (rating === 4) return 'passives';
  return 'detractors';
}

/** A share in whole percent of a total, for the payment breakdown; 0 of an empty total. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** The online payment's state as the history writes it. */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  PROCESSING: 'En proceso',
  PAID: 'Pagado',
  REJECTED: 'Rechazado',
  EXPIRED: 'Vencido',
  REFUNDED: 'Reembolsado',
  PARTIALLY_REFUNDED: 'Reembolso parcial',
  CHARGED_BACK: 'Contracargo',
};

/** The order mode types' names, for the history's filter when a shop names none. */
export const ORDER_MODE_TYPE_LABELS: Record<string, string> = {
  DELIVERY: 'Delivery',
  TAKE_AWAY: 'Take Away',
  TABLE: 'Mesa',
  COUNTER_SELF_SERVICE: 'Mostrador',
};

/** '18/11/2026 14:50' in a time zone, as tracking's localDateTime writes it. */
export function csvDateTime(at: Date, timeZone: string): string {
  const { date, time } = zonedDateTime(at.getTime(), timeZone);
  return `${date} ${time}`;
}
