/**
 * Mercado Pago's webhook signature, which the sandbox uses too so both report back alike:
 * `x-signature: ts=<ms>,v1=<hex HMAC-SHA256(secret, "id:{data.id};request-id:{x-request-id};ts:{ts};")>`.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type WebhookRequest, WebhookSignatureError } from './provider.ts';

export function webhookManifest(dataId: string, requestId: string, ts: string): string {
  // Mercado Pago lower-cases alphanumeric ids in the manifest
  const id = /^[a-zA-Z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

export function signWebhook(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(webhookManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** Headers, query and body of a payment notification signed with `secret` (the sandbox's own). */
export function signedPaymentNotice(secret: string, paymentId: string, now: Date) {
  const requestId = randomUUID();
  const ts = String(now.getTime());
  return {
    headers: { 'x-signature': signWebhook(secret, paymentId, requestId, ts), 'x-request-id': requestId },
    query: { 'data.id': paymentId, type: 'payment' },
    body: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
  };
}

/** A notification signed longer ago than this (or this far in the future) is refused: a replay. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The signature's `ts` in ms: Mercado Pago documents seconds, the sandbox signs in ms. */
function timestampMs(ts: string): number | null {
  if (!/^\d{1,16}$/.test(ts)) return null;
  const value = Number(ts);
  return value < 1e12 ? value * 1000 : value;
}

const header = (request: WebhookRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? null) : null;
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * The payment id of a signed notification; null when it is about something other than a payment.
 * A missing or wrong signature throws, whatever the topic, and so does one signed more than
 * WEBHOOK_TOLERANCE_MS away from `now` (a captured notification replayed later).
 */
export function verifyPaymentNotice(secret: string, request: WebhookRequest, now: Date): string | null {
  const query = record(request.query);
  const body = record(request.body);
  const data = record(body.data);
  const rawId = query['data.id'] ?? data.id;
  const dataId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
  const signature = header(request, 'x-signature');
  const requestId = header(request, 'x-request-id');
  if (!dataId || !signature || !requestId) throw new WebhookSignatureError('unsigned notification');
  const parts = Object.fromEntries(
    signature.split(',').map((part) => {
      const [key, ...rest] = part.split('=');
      return [key?.trim() ?? '', rest.join('=').trim()];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) throw new WebhookSignatureError('malformed signature');
  const expected = createHmac('sha256', secret)
    .update(webhookManifest(dataId, requestId, ts))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookSignatureError('bad signature');
  const signedAt = timestampMs(ts);
  if (signedAt === null || Math.abs(now.getTime() - signedAt) > WEBHOOK_TOLERANCE_MS)
    throw new WebhookSignatureError('stale notification');
  const topic = query.type ?? query.topic ?? body.type;
  return topic === undefined || topic === 'payment' ? dataId : null;
}
