import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts';
import { createMercadoPagoProvider, statusOfMercadoPago } from './mercado-pago-provider.ts';
import { InvalidCardTokenError, PaymentProviderUnavailableError, WebhookSignatureError } from './provider.ts';
import { signWebhook, verifyPaymentNotice, webhookManifest } from './webhook-signature.ts';

const SECRET = 'mp-webhook-secret';

describe('Mercado Pago adapter (against a local fake API)', () => {
  let fake: FakeMercadoPago;
  let mp: ReturnType<typeof createMercadoPagoProvider>;
  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    mp = createMercadoPagoProvider({
      accessToken: 'TEST-access-token',
      webhookSecret: SECRET,
      baseUrl: fake.baseUrl,
      publicUrl: 'https://comanda.example/',
    });
  });
  afterAll(() => fake.close());

  const card = (token: string, key = token) => ({
    token,
    paymentMethodId: 'visa',
    amount: 1_234_550,
    currency: 'ARS',
    decimals: 2,
    description: 'Pedido ABC',
    externalReference: 'ABCDEFGH23',
    idempotencyKey: key,
    payer: {
      name: 'Lucía Fernández',
      email: 'lucia@example.com',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    },
  });

  it('pays with a card token, in currency units, with its idempotency key and credentials', async () => {
    const payment = await mp.createCardPayment(card('tok-approved', 'key-1'));
    expect(payment).toMatchObject({
      status: 'PAID',
      statusDetail: 'accredited',
      amount: 1_234_550,
      externalReference: 'ABCDEFGH23',
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payments' });
    expect(request?.headers.authorization).toBe('Bearer TEST-access-token');
    expect(request?.headers['x-idempotency-key']).toBe('key-1');
    expect(request?.body).toMatchObject({
      transaction_amount: 12345.5,
      token: 'tok-approved',
      installments: 1,
      payment_method_id: 'visa',
      external_reference: 'ABCDEFGH23',
      notification_url: 'https://comanda.example/api/callback/payments/mercadopago',
      payer: {
        email: 'lucia@example.com',
        first_name: 'Lucía',
        identification: { type: 'DNI', number: '30123456' },
      },
    });
    // the same key again: the provider answers the first payment, nothing is charged twice
    expect((await mp.createCardPayment(card('tok-approved', 'key-1'))).referenceId).toBe(payment.referenceId);
    expect(await mp.getPayment(payment.referenceId)).toEqual(payment);
  });

  it('reads declined and pending payments, and refuses a bad token as the card form’s problem', async () => {
    expect(await mp.createCardPayment(card('tok-rejected'))).toMatchObject({
      status: 'REJECTED',
      statusDetail: 'cc_rejected_insufficient_amount',
    });
    expect((await mp.createCardPayment(card('tok-pending'))).status).toBe('PROCESSING');
    await expect(mp.createCardPayment(card('tok-used'))).rejects.toBeInstanceOf(InvalidCardTokenError);
    expect(await mp.getPayment('424242')).toBeNull();
    expect(await mp.getPayment('../etc')).toBeNull();
  });

  it('creates a preference (payment link) that returns to the follow-up page', async () => {
    const link = await mp.createPaymentLink({
      amount: 500_000,
      currency: 'ARS',
      decimals: 2,
      title: 'Pedido ABC',
      externalReference: 'ABCDEFGH23',
      contactAlias: 'donmateo-palermo',
      returnUrl: 'https://comanda.example/menu/donmateo-palermo/order/ABCDEFGH23',
      expiresAt: new Date('2026-11-18T18:15:00Z'),
    });
    expect(link.id).toMatch(/^pref-/);
    expect(link.url).toContain(link.id);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      items: [{ quantity: 1, unit_price: 5000, currency_id: 'ARS' }],
      external_reference: 'ABCDEFGH23',
      back_urls: { success: 'https://comanda.example/menu/donmateo-palermo/order/ABCDEFGH23' },
      notification_url: 'https://comanda.example/api/callback/payments/mercadopago',
      expiration_date_to: '2026-11-18T18:15:00.000Z',
    });
  });

  it('says the provider is unavailable on wrong credentials or no answer, never a payment', async () => {
    const wrong = createMercadoPagoProvider({
      accessToken: 'TEST-wrong',
      webhookSecret: SECRET,
      baseUrl: fake.baseUrl,
      publicUrl: 'https://comanda.example',
    });
    await expect(wrong.createCardPayment(card('tok-approved', 'k-wrong'))).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
    const down = createMercadoPagoProvider({
      accessToken: 'TEST-access-token',
      webhookSecret: SECRET,
      baseUrl: 'http://127.0.0.1:1',
      publicUrl: 'https://comanda.example',
      timeoutMs: 2000,
    });
    await expect(down.getPayment('1000')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it('maps every Mercado Pago status to ours', () => {
    expect(
      [
        'approved',
        'rejected',
        'cancelled',
        'refunded',
        'charged_back',
        'pending',
        'in_process',
        'authorized',
      ].map(statusOfMercadoPago),
    ).toEqual([
      'PAID',
      'REJECTED',
      'REJECTED',
      'REJECTED',
      'REJECTED',
      'PROCESSING',
      'PROCESSING',
      'PROCESSING',
    ]);
  });
});

describe('webhook signature (x-signature)', () => {
  const request = (signature: string | undefined, dataId = '123456', requestId = 'req-1') => ({
    headers: { ...(signature ? { 'x-signature': signature } : {}), 'x-request-id': requestId },
    query: { 'data.id': dataId, type: 'payment' },
    body: { type: 'payment', data: { id: dataId } },
  });

  it('checks the HMAC of Mercado Pago’s manifest', () => {
    expect(webhookManifest('123456', 'req-1', '1700000000000')).toBe(
      'id:123456;request-id:req-1;ts:1700000000000;',
    );
    expect(webhookManifest('ABC123', 'r', '1')).toBe('id:abc123;request-id:r;ts:1;');
    const signature = signWebhook(SECRET, '123456', 'req-1', '1700000000000');
    expect(signature).toMatch(/^ts=1700000000000,v1=[0-9a-f]{64}$/);
    expect(verifyPaymentNotice(SECRET, request(signature))).toBe('123456');
  });

  it('refuses a missing, malformed, foreign or tampered signature', () => {
    const good = signWebhook(SECRET, '123456', 'req-1', '1700000000000');
    for (const bad of [
      request(undefined),
      request('garbage'),
      request(signWebhook('another-secret', '123456', 'req-1', '1700000000000')),
      request(good, '654321'),
      request(good, '123456', 'req-2'),
      request(good.replace('ts=1700000000000', 'ts=1700000000001')),
    ])
      expect(() => verifyPaymentNotice(SECRET, bad)).toThrow(WebhookSignatureError);
  });

  it('answers no payment for a signed notification of another topic', () => {
    const signature = signWebhook(SECRET, '99', 'req-1', '1');
    expect(
      verifyPaymentNotice(SECRET, {
        headers: { 'x-signature': signature, 'x-request-id': 'req-1' },
        query: { 'data.id': '99', type: 'merchant_order' },
        body: {},
      }),
    ).toBeNull();
  });
});
