import type { ShopClosure } from '@comanda/core';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '24 de diciembre' for '2026-12-24'; '1 de enero de 2028' when not in `year`. */
export function longDate(date: string, year: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  const text = `${Number(match[3])} de ${month}`;
  return Number(match[1]) === year ? text : `${text} de ${match[1]}`;
}

/**
 * 'del 24 de diciembre al 26 de diciembre', or 'el 1 de enero' for one day: the closure's dates as a
 * sentence names them, the year written when it is not `year` (the current one).
 */
export function closureDates(closure: Pick<ShopClosure, 'startsOn' | 'endsOn'>, year: number): string {
  const start = longDate(closure.startsOn, year);
  return closure.startsOn === closure.endsOn
    ? `el ${start}`
    : `del ${start} al ${longDate(closure.endsOn, year)}`;
}

/** 'Cerrado del 24 de diciembre al 26 de diciembre' / 'Cerrado el 1 de enero'. */
export function closureTitle(closure: Pick<ShopClosure, 'startsOn' | 'endsOn'>, year: number): string {
  return `Cerrado ${closureDates(closure, year)}`;
}
