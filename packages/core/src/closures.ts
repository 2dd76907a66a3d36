import { localDateOf } from './schedule.ts';

/**
 * Holidays and one-off closures of a shop (issue 27; TastyIgniter's and CoopCycle's "holiday closures"):
 * whole local days, from `startsOn` to `endsOn` included, in the shop's time zone, with an optional
 * message the diner reads ('Cerramos por vacaciones, volvemos el lunes'). On those days the shop is
 * closed whatever its hours say: no order now, no scheduled slot.
 */
export interface ShopClosure {
  /** first closed local date, YYYY-MM-DD */
  startsOn: string;
  /** last closed local date, YYYY-MM-DD (the same as startsOn for one day) */
  endsOn: string;
  /** what the diner reads while it is closed; null for none */
  message: string | null;
}

/** At most this many closures per shop (upcoming ones; a year of holidays fits with room to spare). */
export const MAX_CLOSURES = 50;
/** A closure lasts at most this many days, both ends included. */
export const MAX_CLOSURE_DAYS = 366;
/** The diner's message of a closure is at most this long. */
export const MAX_CLOSURE_MESSAGE_LENGTH = 200;

/** What the owner's closures screen (and the business import) says about closures; Argentine voseo. */
export const CLOSURE_MESSAGES = {
  dateInvalid: 'Elegí una fecha válida.',
  endsBeforeStart: 'El cierre termina antes de empezar. Revisá las fechas.',
  alreadyOver: 'Ese cierre ya pasó. Quitalo o elegí fechas que todavía no llegaron.',
  tooLong: 'Un cierre no puede durar más de un año.',
  messageTooLong: `El mensaje puede tener hasta ${MAX_CLOSURE_MESSAGE_LENGTH} caracteres.`,
  overlap: 'Los cierres del {date} se superponen. Unilos en uno solo.',
  tooMany: `Podés cargar hasta ${MAX_CLOSURES} cierres.`,
  /** a request that is not a list of closures with their dates and message */
  closureInvalid: 'Revisá los cierres: cada uno lleva fecha de inicio, fecha de fin y un mensaje opcional.',
} as const;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Days since the epoch of a 'YYYY-MM-DD' that names a real date; null otherwise. */
function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // 2025-02-30 rolls over to March: not a date
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null;
  return Math.round(utc.getTime() / MS_PER_DAY);
}

/** Whether a text is a real local date, 'YYYY-MM-DD'. */
export function isClosureDate(date: string): boolean {
  return dayNumber(date) !== null;
}

/**
 * The closure covering a local date ('YYYY-MM-DD'), or null. Dates compare as text, which orders them
 * like the days they name; the first covering closure wins (valid closures never overlap).
 */
export function closureOn(closures: readonly ShopClosure[], date: string): ShopClosure | null {
  return closures.find((closure) => closure.startsOn <= date && date <= closure.endsOn) ?? null;
}

/** The closure covering the shop's local date at `now`, or null. */
export function closureAt(closures: readonly ShopClosure[], now: Date, timeZone: string): ShopClosure | null {
  return closures.length === 0 ? null : closureOn(closures, localDateOf(now, timeZone));
}

/** The closures not over yet on the shop's local date at `now` (today's included), earliest first. */
export function upcomingClosures(
  closures: readonly ShopClosure[],
  now: Date,
  timeZone: string,
): ShopClosure[] {
  if (closures.length === 0) return [];
  const today = localDateOf(now, timeZone);
  return closures
    .filter((closure) => closure.endsOn >= today)
    .sort((a, b) => compareText(a.startsOn, b.startsOn) || compareText(a.endsOn, b.endsOn));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** '24/12' for '2025-12-24'. */
export function formatClosureDate(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[2]}/${match[1]}` : date;
}

/** 'del 24/12 al 26/12', or 'el 24/12' for a single day: how a sentence names a closure's dates. */
export function closureSpanText(closure: Pick<ShopClosure, 'startsOn' | 'endsOn'>): string {
  const start = formatClosureDate(closure.startsOn);
  return closure.startsOn === closure.endsOn
    ? `el ${start}`
    : `del ${start} al ${formatClosureDate(closure.endsOn)}`;
}

export interface ClosureProblem {
  /** 'n.startsOn', 'n.endsOn', 'n.message' or 'n' for the nth closure; '' for the list itself */
  path: string;
  message: string;
}

/**
 * What is wrong with a shop's closures, in the owner's words: a date that is not one, an end before
 * the start, a closure over before `today` (the shop's local date, 'YYYY-MM-DD'), one longer than a
 * year, a message too long, closures covering a same day, too many of them. Pass `today: null` to skip
 * the past check (a business file may carry closures long over). Empty when they can be saved.
 */
export function closureProblems(closures: readonly ShopClosure[], today: string | null): ClosureProblem[] {
  const problems: ClosureProblem[] = [];
  if (closures.length > MAX_CLOSURES) problems.push({ path: '', message: CLOSURE_MESSAGES.tooMany });
  const spans: { index: number; start: number; end: number; startsOn: string }[] = [];
  closures.forEach((closure, index) => {
    if (closure.message !== null && closure.message.length > MAX_CLOSURE_MESSAGE_LENGTH)
      problems.push({ path: `${index}.message`, message: CLOSURE_MESSAGES.messageTooLong });
    const start = dayNumber(closure.startsOn);
    const end = dayNumber(closure.endsOn);
    if (start === null) problems.push({ path: `${index}.startsOn`, message: CLOSURE_MESSAGES.dateInvalid });
    if (end === null) problems.push({ path: `${index}.endsOn`, message: CLOSURE_MESSAGES.dateInvalid });
    if (start === null || end === null) return;
    if (end < start) {
      problems.push({ path: `${index}.endsOn`, message: CLOSURE_MESSAGES.endsBeforeStart });
      return;
    }
    if (end - start + 1 > MAX_CLOSURE_DAYS)
      problems.push({ path: `${index}.endsOn`, message: CLOSURE_MESSAGES.tooLong });
    if (today !== null && closure.endsOn < today)
      problems.push({ path: `${index}.endsOn`, message: CLOSURE_MESSAGES.alreadyOver });
    spans.push({ index, start, end, startsOn: closure.startsOn });
  });
  // sorted by start, a closure overlaps when it starts on or before the latest end seen so far
  spans.sort((a, b) => a.start - b.start || a.index - b.index);
  let latestEnd = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    if (span.start <= latestEnd)
      problems.push({
        path: `${span.index}`,
        message: CLOSURE_MESSAGES.overlap.replace('{date}', formatClosureDate(span.startsOn)),
      });
    latestEnd = Math.max(latestEnd, span.end);
  }
  return problems;
}
