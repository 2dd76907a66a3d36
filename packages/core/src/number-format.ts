// The spec's default separators: dot for thousands, comma for decimals.
export const THOUSANDS_SEPARATOR = '.';
export const DECIMAL_SEPARATOR = ',';

/**
 * Rounds half away from zero to an integer. The tiny relative nudge absorbs float error from a
 * preceding multiplication, so 1.005 * 100 (= 100.49999999999999) rounds like the 100.5 it stands for.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round a non-finite number: ${value}`);
  const abs = Math.abs(value);
  const rounded = Math.round(abs + abs * 4 * Number.EPSILON);
  if (rounded === 0) return 0;
  return value < 0 ? -rounded : rounded;
}

/** Writes a non-negative integer with dots between groups of three digits: 1234567 -> '1.234.567'. */
export function groupThousands(integer: number): string {
  return Math.abs(Math.trunc(integer))
    .toFixed(0)
    .replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
}

/** Formats with a fixed number of decimals and the spec's separators: (1234.56, 1) -> '1.234,6'. */
export function formatDecimal(value: number, fractionDigits: number): string {
  const factor = 10 ** fractionDigits;
  const scaled = roundHalfAwayFromZero(value * factor);
  const abs = Math.abs(scaled);
  const integerPart = Math.floor(abs / factor);
  const sign = scaled < 0 ? '-' : '';
  if (fractionDigits <= 0) return `${sign}${groupThousands(integerPart)}`;
  const fraction = String(abs % factor).padStart(fractionDigits, '0');
  return `${sign}${groupThousands(integerPart)}${DECIMAL_SEPARATOR}${fraction}`;
}
