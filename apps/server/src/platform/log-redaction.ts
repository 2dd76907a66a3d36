/**
 * What the logs may say about a request or an error. An order code is the key to an order's follow-up,
 * tracking page and problem report, and a phone is personal data: neither is written to the log. Paths
 * carry both (`/api/diner/{alias}/order/{code}`, `/api/orderingcustomer/{phone}`), query strings
 * anything, and a failed query's error its parameters.
 */

export const REDACTED = '…';

const ANY = '*';
const SECRET = '#';
const MORE = '**';

/**
 * Paths with secret segments (`#`); `*` keeps a segment as it is, `**` at the end allows more segments.
 * A new route whose path carries an order code or a phone belongs here (log-redaction.test.ts).
 */
const SECRET_PATHS: string[][] = [
  // the API
  ['api', 'diner', ANY, 'order', SECRET],
  ['api', 'events', 'order', ANY, SECRET],
  ['api', 'events', 'tracking', ANY, SECRET],
  ['api', 'logisticsorder', 'tracking', ANY, SECRET],
  ['api', 'callback', 'transbank', ANY, SECRET],
  ['api', 'survey', 'order', SECRET],
  ['api', 'survey', SECRET],
  ['api', 'orderingcustomer', SECRET],
  ['api', 'branch', ANY, 'loyalty-points', 'history', SECRET],
  ['api', 'diner', 'customer', SECRET, MORE],
  ['api', 'recovery', 'cart', SECRET, MORE],
  ['api', 'payments', 'sandbox', 'checkout', SECRET],
  // the browser's pages
  ['menu', ANY, 'order', SECRET, MORE],
  ['encuesta', ANY, SECRET],
  ['logistics', 'tracking', 'order', ANY, SECRET],
].map((template) => template.map((part) => part.toLowerCase()));

// a segment of 7 or more digits (a phone, however written: +54 9 11 5555-0101) is hidden wherever it is
const isPhoneLike = (segment: string) =>
  /^[+\d ().-]+$/.test(segment) && segment.replace(/\D/g, '').length >= 7;

function matches(template: string[], segments: string[]): boolean {
  const open = template[template.length - 1] === MORE;
  const fixed = open ? template.length - 1 : template.length;
  if (open ? segments.length < fixed : segments.length !== fixed) return false;
  for (let i = 0; i < fixed; i++) {
    const part = template[i];
    if (part !== ANY && part !== SECRET && part !== segments[i]?.toLowerCase()) return false;
  }
  return true;
}

/** The URL as the log may show it: secret segments and any query string replaced by '…'. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/').slice(1);
  const template = SECRET_PATHS.find((t) => matches(t, segments));
  const redacted = segments.map((segment, i) => {
    if (template?.[i] === SECRET) return REDACTED;
    return isPhoneLike(safeDecode(segment)) ? REDACTED : segment;
  });
  return `/${redacted.join('/')}${queryAt === -1 ? '' : `?${REDACTED}`}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// Drizzle writes a failed query's parameters into its message (and so its stack): "params: +549..."
const PARAMS_LINE = /\nparams: [^\n]*/g;
// phones as stored (E.164) or as a bare run of digits; dates, addresses and line numbers stay
const PHONE_TEXT = /\+\d{7,15}\b|\b\d{10,15}\b/g;

/** A message or stack without query parameters or phone numbers. */
export function redactText(text: string): string {
  return text.replace(PARAMS_LINE, `\nparams: ${REDACTED}`).replace(PHONE_TEXT, REDACTED);
}

// the fields of an error worth keeping; parameters, details (a unique key's value) and the like are not
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table_name',
  'column_name',
  'constraint_name',
] as const;

/** pino's `err` serializer: type, message, stack and a few fields, parameters and values left out. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactText(error) : error;
  const out: Record<string, unknown> = {
    type: error.name || error.constructor?.name,
    message: redactText(error.message),
  };
  if (error.stack) out.stack = redactText(error.stack);
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** pino's `req` serializer for Fastify's request lines (development). */
export function serializeRequest(request: {
  id?: unknown;
  method?: string;
  url?: string;
  ip?: string;
}): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.ip,
  };
}

/** pino's `res` serializer: the status only. */
export function serializeReply(reply: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

export const logSerializers = {
  err: serializeError,
  req: serializeRequest,
  res: serializeReply,
};
