import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts';
import { createMercadoPagoProvider, statusOfMercadoPago } from './mercado-pago-provider.ts';
import {
  InvalidCardTokenError,
  PaymentProviderUnavailableError,
  type ProviderPayment,
  RefundRefusedError,
  WebhookSignatureError,
} from './provider.ts';
import { signWebhook, verifyPaymentNotice, webhookManifest } from './webhook-signature.ts';

const SECRET = 'mp-webhook-secret';
/** The moment the manifest tests' notifications were signed. */
const SIGNED_AT = new Date(1_700_000_000_000);

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

  const card = (token: string, key = token, amount = 1_234_550) => ({
    token,
    paymentMethodId: 'visa',
    amount,
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
        'in_mediation',
      ].map((status) => statusOfMercadoPago(status)),
    ).toEqual([
      'PAID',
      'REJECTED',
      'REJECTED',
      'REFUNDED',
      'CHARGED_BACK',
      'PROCESSING',
      'PROCESSING',
      'PROCESSING',
      'PROCESSING',
    ]);
    // part of an approved payment given back: Mercado Pago keeps it 'approved'
    expect(statusOfMercadoPago('approved', 'partially_refunded')).toBe('PARTIALLY_REFUNDED');
    expect(statusOfMercadoPago('approved', 'accredited', { amount: 1000, refunded: 400 })).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(statusOfMercadoPago('approved', 'accredited', { amount: 1000, refunded: 0 })).toBe('PAID');
    expect(statusOfMercadoPago('approved', 'accredited', { amount: 1000, refunded: 1000 })).toBe('REFUNDED');
    expect(statusOfMercadoPago('refunded', 'refunded', { amount: 1000, refunded: 1000 })).toBe('REFUNDED');
  });

  describe('refunds', () => {
    let keys = 0;
    const paid = async (amount = 1_234_550) => {
      const payment = await mp.createCardPayment(card('tok-approved', `refund-charge-${++keys}`, amount));
      expect(payment.status).toBe('PAID');
      return payment;
    };
    const refund = (payment: ProviderPayment, amount: number, idempotencyKey: string) => ({
      referenceId: payment.referenceId,
      amount,
      paymentAmount: payment.amount,
      currency: 'ARS',
      decimals: 2,
      idempotencyKey,
    });
    const refundsOf = (payment: ProviderPayment) =>
      fake.refunds.filter((r) => String(r.payment_id) === payment.referenceId);

    it('asks for a full refund without an amount, with its idempotency key', async () => {
      const payment = await paid();
      const answer = await mp.refundPayment(refund(payment, payment.amount, 'refund-full-1'));
      expect(answer).toEqual({ refundId: expect.any(String), amount: 1_234_550, status: 'DONE' });
      const request = fake.requests.at(-1);
      expect(request).toMatchObject({
        method: 'POST',
        path: `/v1/payments/${payment.referenceId}/refunds`,
      });
      expect(request?.body).toEqual({});
      expect(request?.headers['x-idempotency-key']).toBe('refund-full-1');
      expect(request?.headers.authorization).toBe('Bearer TEST-access-token');
      expect(await mp.getPayment(payment.referenceId)).toEqual({
        ...payment,
        status: 'REFUNDED',
        statusDetail: 'refunded',
        refundedAmount: 1_234_550,
      });
    });

    it('asks for a partial refund in currency units, once per key, and reads the payment back', async () => {
      const payment = await paid(2_469_100);
      const first = await mp.refundPayment(refund(payment, 1_234_550, 'refund-part-1'));
      expect(first).toMatchObject({ amount: 1_234_550, status: 'DONE' });
      expect(fake.requests.at(-1)?.body).toEqual({ amount: 12345.5 });
      // a retry with the same key answers the same refund and gives nothing more back
      expect(await mp.refundPayment(refund(payment, 1_234_550, 'refund-part-1'))).toEqual(first);
      expect(refundsOf(payment)).toHaveLength(1);
      expect(fake.payments.get(payment.referenceId)?.transaction_amount_refunded).toBe(12345.5);
      expect(await mp.getPayment(payment.referenceId)).toMatchObject({
        status: 'PARTIALLY_REFUNDED',
        statusDetail: 'partially_refunded',
        amount: 2_469_100,
        refundedAmount: 1_234_550,
      });

      // the rest, with another key: all of it is back
      const second = await mp.refundPayment(refund(payment, 1_234_550, 'refund-part-2'));
      expect(second.refundId).not.toBe(first.refundId);
      expect(refundsOf(payment)).toHaveLength(2);
      expect(await mp.getPayment(payment.referenceId)).toMatchObject({
        status: 'REFUNDED',
        amount: 2_469_100,
        refundedAmount: 2_469_100,
      });
      // nothing left to give back
      await expect(mp.refundPayment(refund(payment, 100, 'refund-part-3'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
    });

    it('refuses more than is left, nothing, or more than was paid', async () => {
      const payment = await paid();
      await mp.refundPayment(refund(payment, 1_000_000, 'refund-over-1'));
      await expect(mp.refundPayment(refund(payment, 300_000, 'refund-over-2'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
      expect(fake.requests.at(-1)?.path).toBe(`/v1/payments/${payment.referenceId}/refunds`);
      const asked = fake.requests.length;
      for (const amount of [0, -5, 1.5, payment.amount + 1])
        await expect(
          mp.refundPayment(refund(payment, amount, `refund-over-${amount}`)),
        ).rejects.toBeInstanceOf(RefundRefusedError);
      expect(fake.requests.length).toBe(asked);
      expect(await mp.getPayment(payment.referenceId)).toMatchObject({
        status: 'PARTIALLY_REFUNDED',
        refundedAmount: 1_000_000,
      });
    });

    it('refuses to refund an unknown payment or a malformed reference', async () => {
      const unknown = { referenceId: '424242', amount: 1_234_550 } as ProviderPayment;
      await expect(mp.refundPayment(refund(unknown, 500, 'refund-unknown'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
      expect(fake.requests.at(-1)?.path).toBe('/v1/payments/424242/refunds');
      const asked = fake.requests.length;
      const forged = { referenceId: '../etc', amount: 1_234_550 } as ProviderPayment;
      await expect(mp.refundPayment(refund(forged, 500, 'refund-forged'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
      expect(fake.requests.length).toBe(asked);
    });

    it('says the provider is unavailable when it cannot be reached or read', async () => {
      const payment = await paid();
      const down = createMercadoPagoProvider({
        accessToken: 'TEST-access-token',
        webhookSecret: SECRET,
        baseUrl: 'http://127.0.0.1:1',
        publicUrl: 'https://comanda.example',
        timeoutMs: 2000,
      });
      await expect(down.refundPayment(refund(payment, 500, 'refund-down'))).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
      const wrong = createMercadoPagoProvider({
        accessToken: 'TEST-wrong',
        webhookSecret: SECRET,
        baseUrl: fake.baseUrl,
        publicUrl: 'https://comanda.example',
      });
      await expect(wrong.refundPayment(refund(payment, 500, 'refund-wrong'))).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
      expect(refundsOf(payment)).toHaveLength(0);
    });

    it('reads the refund’s own status: pending, refused, or something unreadable', async () => {
      const answering = (status: number, body: string) =>
        createMercadoPagoProvider({
          accessToken: 'TEST-access-token',
          webhookSecret: SECRET,
          publicUrl: 'https://comanda.example',
          fetch: async () => new Response(body, { status }),
        });
      const payment = { referenceId: '1000', amount: 1_234_550 } as ProviderPayment;
      const answer = (status: string) =>
        JSON.stringify({ id: 77, payment_id: 1000, amount: 12345.5, status });
      for (const status of ['in_process', 'pending'])
        expect(await answering(201, answer(status)).refundPayment(refund(payment, 1_234_550, 'k'))).toEqual({
          refundId: '77',
          amount: 1_234_550,
          status: 'PENDING',
        });
      for (const status of ['rejected', 'cancelled'])
        await expect(
          answering(201, answer(status)).refundPayment(refund(payment, 1_234_550, 'k')),
        ).rejects.toBeInstanceOf(RefundRefusedError);
      for (const [status, body] of [
        [500, answer('approved')],
        [502, ''],
        [201, 'not json'],
        [201, JSON.stringify({ status: 'approved' })],
        [201, answer('mystery')],
      ] as const)
        await expect(
          answering(status, body).refundPayment(refund(payment, 1_234_550, 'k')),
        ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    });

    it('reads charged back and refunded payments back', async () => {
      const payment = await paid();
      fake.chargeBack(payment.referenceId);
      expect(await mp.getPayment(payment.referenceId)).toMatchObject({
        status: 'CHARGED_BACK',
        statusDetail: 'settled',
        refundedAmount: 0,
      });
      await expect(mp.refundPayment(refund(payment, 500, 'refund-charged-back'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
      const refunded = await paid(500_000);
      await mp.refundPayment(refund(refunded, 500_000, 'refund-read-back'));
      expect(await mp.getPayment(refunded.referenceId)).toMatchObject({
        status: 'REFUNDED',
        amount: 500_000,
        refundedAmount: 500_000,
      });
    });
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
    expect(verifyPaymentNotice(SECRET, request(signature), SIGNED_AT)).toBe('123456');
  });

  it('refuses a notification signed more than 5 minutes away from now (a replay), in ms or seconds', () => {
    const signature = signWebhook(SECRET, '123456', 'req-1', '1700000000000');
    const at = (ms: number) => new Date(1_700_000_000_000 + ms);
    expect(verifyPaymentNotice(SECRET, request(signature), at(4 * 60_000))).toBe('123456');
    expect(() => verifyPaymentNotice(SECRET, request(signature), at(5 * 60_000 + 1))).toThrow(
      WebhookSignatureError,
    );
    expect(() => verifyPaymentNotice(SECRET, request(signature), at(-6 * 60_000))).toThrow(
      WebhookSignatureError,
    );
    // Mercado Pago's documented seconds
    const seconds = signWebhook(SECRET, '123456', 'req-1', '1700000000');
    expect(verifyPaymentNotice(SECRET, request(seconds), at(60_000))).toBe('123456');
    expect(() => verifyPaymentNotice(SECRET, request(seconds), at(3_600_000))).toThrow(WebhookSignatureError);
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
      expect(() => verifyPaymentNotice(SECRET, bad, SIGNED_AT)).toThrow(WebhookSignatureError);
  });

  it('answers no payment for a signed notification of another topic', () => {
    const signature = signWebhook(SECRET, '99', 'req-1', '1700000000000');
    expect(
      verifyPaymentNotice(
        SECRET,
        {
          headers: { 'x-signature': signature, 'x-request-id': 'req-1' },
          query: { 'data.id': '99', type: 'merchant_order' },
          body: {},
        },
        SIGNED_AT,
      ),
    ).toBeNull();
  });
});
