/**
 * The sales chart's geometry, pure so it is tested: a round top for the axis, its ticks, which days
 * get a label under the bars, and each bar's box in the SVG's own units.
 */

/** The smallest 1, 2, 2.5 or 5 × 10^n at or above `value` (an axis top a person reads at a glance). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The axis' ticks from 0 to the top, in `count` equal steps. */
export function ticks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (top * index) / count);
}

/** Every how many days a label goes under the bars, so labels never crowd (at most `room` of them). */
export function labelEvery(days: number, room: number): number {
  if (days <= room) return 1;
  return Math.ceil(days / room);
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bars of `values` in a plot `width` × `height`, a gap between bars of a third of a slot. */
export function bars(values: readonly number[], top: number, width: number, height: number): Bar[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const barWidth = Math.max(1, slot * (values.length > 60 ? 0.8 : 0.66));
  return values.map((value, index) => {
    const barHeight = top > 0 ? (Math.max(0, value) / top) * height : 0;
    return {
      x: index * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
}

/** '$1,2 M', '$850 mil', '$900': an axis label, short. */
export function compactMoney(amount: number, symbol: string): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const fixed = (value: number) => value.toLocaleString('es-AR', { maximumFractionDigits: 1 });
  if (abs >= 1_000_000) return `${sign}${symbol}${fixed(abs / 1_000_000)} M`;
  if (abs >= 1_000) return `${sign}${symbol}${fixed(abs / 1_000)} mil`;
  return `${sign}${symbol}${fixed(abs)}`;
}
