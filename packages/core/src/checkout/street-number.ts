/**
 * The address's house number apart from its street (storefront.md "Address: street, number, ..."). The
 * address modal asks for one line, 'Dirección (calle y altura)' (the spec's `direccion`); a line whose
 * last word is a house number is split here ('Av. Santa Fe 3253' → 'Av. Santa Fe' and '3253'). A line
 * that ends in a word ('25 de Mayo'), is only a number, or goes on after a comma ('Charcas 3641, PB')
 * stays whole as the street, so what the business reads is never reordered.
 */
export function splitStreetNumber(line: string): { street: string; number: string } {
  const text = line.trim().replace(/\s+/g, ' ');
  const match = /^([^,]+)\s(\d{1,6}[a-zA-Z]?)$/.exec(text);
  if (!match?.[1] || !/\p{L}/u.test(match[1])) return { street: text, number: '' };
  return { street: match[1].trim(), number: match[2] as string };
}
