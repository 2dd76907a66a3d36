/**
 * Amounts as an owner types them, in currency units: '9000', '9.000', '1.250,50', '12,5' (the
 * Argentine way: dots group thousands, a comma starts the cents), and '12.50' too. An empty or
 * unreadable text, or more decimals than the currency has, is NaN, which core's checks report as
 * 'Ingresá un precio válido'.
 */
export function parseAmount(text: string, decimals: number): number {
  const cleaned = text.replace(/[\s$]/g, '');
  if (cleaned === '') return Number.NaN;
  if (!/^\d[\d.,]*$/.test(cleaned)) return Number.NaN;
  let whole: string;
  let fraction = '';
  if (cleaned.includes(',')) {
    const parts = cleaned.split(',');
    if (parts.length !== 2) return Number.NaN;
    [whole = '', fraction = ''] = parts;
    if (!groupedOrPlain(whole)) return Number.NaN;
    whole = whole.replace(/\./g, '');
  } else if (cleaned.includes('.')) {
    const parts = cleaned.split('.');
    // '9.000' and '1.250.000' group thousands; '12.50' is a decimal point
    if (parts.length > 2 || parts[1]?.length === 3) {
      if (!groupedOrPlain(cleaned)) return Number.NaN;
      whole = cleaned.replace(/\./g, '');
    } else {
      [whole = '', fraction = ''] = parts;
    }
  } else {
    whole = cleaned;
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return Number.NaN;
  if (fraction.length > Math.max(0, decimals)) return Number.NaN;
  return Number(fraction ? `${whole}.${fraction}` : whole);
}

/** '1.250.000' or '1250000': dots only between groups of three. */
const groupedOrPlain = (text: string) => /^\d+$/.test(text) || /^\d{1,3}(\.\d{3})+$/.test(text);

/** The text an amount field starts with: '9000', '1250,5', '' for no amount. */
export function amountText(value: number | null | undefined, decimals: number): string {
  if (value == null || !Number.isFinite(value)) return '';
  const fixed = value.toFixed(Math.max(0, decimals));
  const [whole, fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole},${trimmed}` : (whole ?? '');
}

/** Whether a field's text still means this amount (so a re-render does not rewrite what is being typed). */
export function sameAmount(text: string, value: number | null | undefined, decimals: number): boolean {
  const parsed = parseAmount(text, decimals);
  if (value == null || Number.isNaN(value)) return Number.isNaN(parsed);
  return parsed === value;
}

/** A whole number field ('Mínimo', 'Lleva'): NaN when it is not one, null when empty and allowed. */
export function parseWhole(text: string): number {
  const cleaned = text.trim();
  return /^\d{1,6}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
