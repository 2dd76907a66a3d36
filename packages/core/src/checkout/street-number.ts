/**
 * The address's house number apart from its street (storefront.md "Address: street, number, ..."). The
 * address modal asks for one line, 'Dirección (calle y altura)' (the spec's `direccion`); a place picked
 * from the suggestions brings its parts, and a line typed by hand is split here: its last number, when it
 * ends the line's first part, is the house number ('Av. Santa Fe 3253' → 'Av. Santa Fe' and '3253').
 * A line that ends in a word ('25 de Mayo') or is only a number keeps it all as the street.
 */
export function splitStreetNumber(line: string): { street: string; number: string } {
  const text = line.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  const head = comma === -1 ? text : text.slice(0, comma);
  const match = /^(.+)\s(\d{1,6}[a-zA-Z]?)$/.exec(head.trim());
  if (!match?.[1] || !/\p{L}/u.test(match[1])) return { street: text, number: '' };
  const rest = comma === -1 ? '' : text.slice(comma);
  return { street: `${match[1].trim()}${rest}`, number: match[2] as string };
}
