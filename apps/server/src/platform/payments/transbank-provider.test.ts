import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import transbank from 'transbank-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TRANSBANK_API, type FakeTransbank, startFakeTransbank } from '../../../test/fake-transbank.ts';
import {
  type PaymentLinkInput,
  PaymentProviderUnavailableError,
  type ProviderPayment,
  RefundRefusedError,
  WebhookSignatureError,
} from './provider.ts';
import { createTransbankProvider, paymentOfWebpay, TRANSBANK_INTEGRATION } from './transbank-provider.ts';

const API = FAKE_TRANSBANK_API;

describe('Transbank Webpay Plus adapter (against a local fake API)', () => {
  let fake: FakeTransbank;
  let webpay: ReturnType<typeof createTransbankProvider>;
  beforeAll(async () => {
    fake = await startFakeTransbank();
    webpay = createTransbankProvider({
      ...TRANSBANK_INTEGRATION,
      environmentUrl: fake.baseUrl,
      publicUrl: 'https://comanda.example/',
    });
  });
  afterAll(() => fake.close());

  let orders = 0;
  const link = (overrides: Partial<PaymentLinkInput> = {}): PaymentLinkInput => ({
    amount: 12_990,
    currency: 'CLP',
    decimals: 0,
    title: 'Pedido',
    externalReference: `ORDER${String(++orders).padStart(5, '0')}`,
    contactAlias: 'donmateo-providencia',
    returnUrl: 'https://comanda.example/menu/donmateo-providencia/order/x',
    expiresAt: new Date('2026-11-18T18:15:00Z'),
    ...overrides,
  });
  const commits = (token: string) =>
    fake.requests.filter((r) => r.method === 'PUT' && r.path === `${API}/transactions/${token}`).length;
  /** A payment the diner made on Webpay and came back from. */
  const paid = async (amount = 12_990) => {
    const { id } = await webpay.createPaymentLink(link({ amount }));
    fake.pay(id, 'AUTHORIZED');
    const payment = await webpay.getPayment(id);
    expect(payment?.status).toBe('PAID');
    return payment as ProviderPayment;
  };
  const refund = (payment: ProviderPayment, amount: number, idempotencyKey = `key-${amount}`) => ({
    referenceId: payment.referenceId,
    amount,
    paymentAmount: payment.amount,
    currency: 'CLP',
    decimals: 0,
    idempotencyKey,
  });

  it('defaults to the SDK’s public integration commerce and environment', () => {
    expect(TRANSBANK_INTEGRATION).toEqual({
      commerceCode: transbank.IntegrationCommerceCodes.WEBPAY_PLUS,
      apiKey: transbank.IntegrationApiKeys.WEBPAY,
      environmentUrl: transbank.Environment.Integration,
    });
    expect(TRANSBANK_INTEGRATION).toMatchObject({
      commerceCode: '597055555532',
      environmentUrl: 'https://webpay3gint.transbank.cl',
    });
    const integration = createTransbankProvider({
      ...TRANSBANK_INTEGRATION,
      environmentUrl: undefined,
      publicUrl: 'https://comanda.example',
    });
    expect(integration).toMatchObject({ name: 'TRANSBANK', slug: 'transbank', cardEntry: 'REDIRECT' });
    expect(integration.formUrl).toBe('https://webpay3gint.transbank.cl/webpayserver/initTransaction');
  });

  it('creates a transaction with the commerce’s headers and answers our page that posts the token', async () => {
    const input = link({ externalReference: 'ABCDEFGH23' });
    const created = await webpay.createPaymentLink(input);
    expect(created.id).toMatch(/^[0-9a-f]{64}$/);
    expect(created.url).toBe(`https://comanda.example/api/payments/webpay/${created.id}`);
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: `${API}/transactions` });
    expect(request?.headers['tbk-api-key-id']).toBe('597055555532');
    expect(request?.headers['tbk-api-key-secret']).toBe(TRANSBANK_INTEGRATION.apiKey);
    expect(request?.body).toEqual({
      buy_order: 'ABCDEFGH23',
      session_id: expect.stringMatching(/^[\w-]{1,61}$/),
      amount: 12_990,
      return_url: 'https://comanda.example/api/callback/transbank/donmateo-providencia/ABCDEFGH23',
    });
    // the Webpay page create answers is the one the provider tells our page to post to
    expect(webpay.formUrl).toBe(fake.formUrl);
    expect(fake.transactions.get(created.id)).toMatchObject({ status: 'INITIALIZED', amount: 12_990 });
    // a new session for each transaction
    await webpay.createPaymentLink(link());
    expect(fake.requests.at(-1)?.body?.session_id).not.toBe(request?.body?.session_id);
  });

  it('refuses what Webpay cannot take without asking it', async () => {
    const asked = fake.requests.length;
    for (const input of [
      link({ externalReference: 'A'.repeat(27) }),
      link({ currency: 'USD', decimals: 2 }),
      link({ amount: 0 }),
    ])
      await expect(webpay.createPaymentLink(input)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(fake.requests.length).toBe(asked);
    // the longest order code Webpay takes
    await expect(webpay.createPaymentLink(link({ externalReference: 'B'.repeat(26) }))).resolves.toBeTruthy();
  });

  it('commits a paid transaction once, on the diner’s return, and reads it back after', async () => {
    const { id } = await webpay.createPaymentLink(link({ externalReference: 'PAIDORDER1' }));
    fake.pay(id, 'AUTHORIZED');
    const payment = await webpay.getPayment(id);
    expect(payment).toEqual({
      referenceId: id,
      status: 'PAID',
      statusDetail: 'AUTHORIZED',
      amount: 12_990,
      externalReference: 'PAIDORDER1',
      refundedAmount: 0,
    });
    expect(commits(id)).toBe(1);
    expect(fake.requests.at(-1)?.headers['tbk-api-key-id']).toBe('597055555532');
    // a second return (reload, back button): the status says it all, no second commit
    expect(await webpay.getPayment(id)).toEqual(payment);
    expect(commits(id)).toBe(1);
    expect(fake.transactions.get(id)?.commits).toBe(1);
  });

  it('commits nothing for a return of another order: that order’s own return does', async () => {
    const { id } = await webpay.createPaymentLink(link({ externalReference: 'ORDERB0001' }));
    fake.pay(id, 'AUTHORIZED');
    const misnamed = await webpay.getPayment(id, { externalReference: 'ORDERA0001' });
    expect(misnamed?.externalReference).toBe('ORDERB0001');
    expect(misnamed?.status).not.toBe('PAID');
    expect(commits(id)).toBe(0);
    expect(await webpay.getPayment(id, { externalReference: 'ORDERB0001' })).toMatchObject({
      status: 'PAID',
    });
    expect(commits(id)).toBe(1);
  });

  it('reads another return’s commit when its own is refused (a race)', async () => {
    const { id } = await webpay.createPaymentLink(link());
    fake.pay(id, 'AUTHORIZED');
    // the other return commits between this one's status (INITIALIZED) and its commit
    const race = fake.beforeNext('PUT', `/transactions/${id}`, () => fake.commit(id));
    expect(await webpay.getPayment(id)).toMatchObject({ status: 'PAID', statusDetail: 'AUTHORIZED' });
    expect(race.used).toBe(true);
    expect(fake.transactions.get(id)?.commits).toBe(1);
    expect(fake.requests.slice(-3).map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('reads a declined or abandoned payment as rejected', async () => {
    const declined = await webpay.createPaymentLink(link());
    fake.pay(declined.id, 'FAILED');
    expect(await webpay.getPayment(declined.id)).toMatchObject({
      status: 'REJECTED',
      statusDetail: 'FAILED:-1',
      refundedAmount: 0,
    });
    // never paid: the commit answers a failed authorization
    const abandoned = await webpay.createPaymentLink(link());
    expect(await webpay.getPayment(abandoned.id)).toMatchObject({
      status: 'REJECTED',
      statusDetail: 'FAILED:-1',
    });
    expect(commits(abandoned.id)).toBe(1);
    // cancelled on Webpay's page: Transbank refuses the commit, the transaction stays INITIALIZED
    const cancelled = await webpay.createPaymentLink(link());
    fake.pay(cancelled.id, 'ABORTED');
    expect(await webpay.getPayment(cancelled.id)).toMatchObject({
      status: 'REJECTED',
      statusDetail: 'ABORTED',
    });
    expect(fake.transactions.get(cancelled.id)?.status).toBe('INITIALIZED');
  });

  it('knows no unknown or malformed token, and never sends a malformed one', async () => {
    expect(await webpay.getPayment('f'.repeat(64))).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `${API}/transactions/${'f'.repeat(64)}`,
    });
    const asked = fake.requests.length;
    for (const token of ['../etc', 'a b', '', 'x'.repeat(65), 'tok%2F..'])
      expect(await webpay.getPayment(token)).toBeNull();
    expect(fake.requests.length).toBe(asked);
  });

  it('says the provider is unavailable on a 5xx, wrong credentials, no answer or a hanging server', async () => {
    const { id } = await webpay.createPaymentLink(link());
    fake.pay(id, 'AUTHORIZED');
    const failure = fake.failNext(`/transactions/${id}`, 503);
    await expect(webpay.getPayment(id)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(failure.used).toBe(true);
    // a failed commit leaves the transaction for the next return to commit
    fake.failNext(`/transactions/${id}`, 500);
    const statusFirst = fake.requests.length;
    await expect(webpay.getPayment(id)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(fake.requests.length).toBe(statusFirst + 1);
    expect(await webpay.getPayment(id)).toMatchObject({ status: 'PAID' });

    fake.failNext(`${API}/transactions`, 502);
    await expect(webpay.createPaymentLink(link())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    const wrong = createTransbankProvider({
      commerceCode: '597055555532',
      apiKey: 'wrong',
      environmentUrl: fake.baseUrl,
      publicUrl: 'https://comanda.example',
    });
    await expect(wrong.createPaymentLink(link())).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(wrong.getPayment(id)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    const down = createTransbankProvider({
      ...TRANSBANK_INTEGRATION,
      environmentUrl: 'http://127.0.0.1:1',
      publicUrl: 'https://comanda.example',
      timeoutMs: 2000,
    });
    await expect(down.getPayment(id)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    // answers a byte now and then, never the end: axios's idle-socket timeout never fires, our timer does
    const trickles: NodeJS.Timeout[] = [];
    const hanging = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      trickles.push(setInterval(() => res.write(' '), 50));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createTransbankProvider({
        ...TRANSBANK_INTEGRATION,
        environmentUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
        publicUrl: 'https://comanda.example',
        timeoutMs: 300,
      });
      const started = Date.now();
      await expect(slow.getPayment(id)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const trickle of trickles) clearInterval(trickle);
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  describe('refunds', () => {
    it('reverses a whole payment, then reads it as refunded', async () => {
      const payment = await paid();
      expect(await webpay.refundPayment(refund(payment, 12_990, 'full-1'))).toEqual({
        refundId: `${payment.referenceId}:full-1`,
        amount: 12_990,
        status: 'DONE',
      });
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `${API}/transactions/${payment.referenceId}/refunds`,
        body: { amount: 12_990 },
      });
      expect(await webpay.getPayment(payment.referenceId)).toEqual({
        ...payment,
        status: 'REFUNDED',
        statusDetail: 'REVERSED',
        refundedAmount: 12_990,
      });
      // nothing left: Transbank refuses, the shop settles it by hand
      await expect(webpay.refundPayment(refund(payment, 12_990, 'full-2'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
    });

    it('nullifies part of a payment, then the rest', async () => {
      const payment = await paid(20_000);
      const first = await webpay.refundPayment(refund(payment, 5_000, 'part-1'));
      expect(first).toEqual({ refundId: expect.stringMatching(/^\d+$/), amount: 5_000, status: 'DONE' });
      expect(await webpay.getPayment(payment.referenceId)).toMatchObject({
        status: 'PARTIALLY_REFUNDED',
        statusDetail: 'PARTIALLY_NULLIFIED',
        amount: 20_000,
        refundedAmount: 5_000,
      });
      // more than the balance
      await expect(webpay.refundPayment(refund(payment, 15_001, 'part-2'))).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
      const second = await webpay.refundPayment(refund(payment, 15_000, 'part-3'));
      expect(second.refundId).not.toBe(first.refundId);
      expect(await webpay.getPayment(payment.referenceId)).toMatchObject({
        status: 'REFUNDED',
        statusDetail: 'NULLIFIED',
        refundedAmount: 20_000,
      });
    });

    it('nullifies a whole settled payment', async () => {
      const payment = await paid();
      fake.settle(payment.referenceId);
      expect(await webpay.refundPayment(refund(payment, 12_990, 'settled-1'))).toMatchObject({
        amount: 12_990,
        status: 'DONE',
      });
      expect(await webpay.getPayment(payment.referenceId)).toMatchObject({
        status: 'REFUNDED',
        statusDetail: 'NULLIFIED',
        refundedAmount: 12_990,
      });
    });

    it('refuses a bad amount or token without asking, a failed payment or an unknown token by asking', async () => {
      const payment = await paid();
      const asked = fake.requests.length;
      for (const amount of [0, -5, 1.5, payment.amount + 1])
        await expect(webpay.refundPayment(refund(payment, amount))).rejects.toBeInstanceOf(
          RefundRefusedError,
        );
      await expect(
        webpay.refundPayment({ ...refund(payment, 100), referenceId: '../etc' }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
      expect(fake.requests.length).toBe(asked);

      const declined = await webpay.createPaymentLink(link());
      fake.pay(declined.id, 'FAILED');
      await webpay.getPayment(declined.id);
      await expect(
        webpay.refundPayment({ ...refund(payment, 100), referenceId: declined.id }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
      await expect(
        webpay.refundPayment({ ...refund(payment, 100), referenceId: 'e'.repeat(64) }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
    });

    it('says the provider is unavailable on a 5xx, and nothing was given back', async () => {
      const payment = await paid();
      fake.failNext('/refunds', 503);
      await expect(webpay.refundPayment(refund(payment, 12_990, 'down-1'))).rejects.toBeInstanceOf(
        PaymentProviderUnavailableError,
      );
      expect(await webpay.getPayment(payment.referenceId)).toMatchObject({
        status: 'PAID',
        refundedAmount: 0,
      });
    });
  });

  it('takes no card and no webhook', async () => {
    await expect(
      webpay.createCardPayment({} as Parameters<typeof webpay.createCardPayment>[0]),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(() => webpay.verifyWebhook({ headers: {}, query: {}, body: {} }, new Date())).toThrow(
      WebhookSignatureError,
    );
  });
});

describe('Webpay statuses as ours', () => {
  const tx = (status: string, responseCode: number | null, balance?: number) => ({
    status,
    amount: 10_000,
    buy_order: 'ABCDEFGH23',
    response_code: responseCode,
    ...(balance === undefined ? {} : { balance }),
  });

  it('maps every status, response code and balance', () => {
    const read = (...args: Parameters<typeof tx>) => {
      const { status, statusDetail, refundedAmount } = paymentOfWebpay('tok', tx(...args));
      return [status, statusDetail, refundedAmount];
    };
    expect(read('AUTHORIZED', 0)).toEqual(['PAID', 'AUTHORIZED', 0]);
    expect(read('CAPTURED', 0)).toEqual(['PAID', 'CAPTURED', 0]);
    expect(read('AUTHORIZED', -3)).toEqual(['REJECTED', 'AUTHORIZED:-3', 0]);
    expect(read('FAILED', -1)).toEqual(['REJECTED', 'FAILED:-1', 0]);
    expect(read('INITIALIZED', null)).toEqual(['PROCESSING', 'INITIALIZED', 0]);
    expect(read('REVERSED', 0)).toEqual(['REFUNDED', 'REVERSED', 10_000]);
    expect(read('NULLIFIED', 0)).toEqual(['REFUNDED', 'NULLIFIED', 10_000]);
    expect(read('NULLIFIED', 0, 0)).toEqual(['REFUNDED', 'NULLIFIED', 10_000]);
    expect(read('NULLIFIED', 0, 4_000)).toEqual(['PARTIALLY_REFUNDED', 'NULLIFIED', 6_000]);
    expect(read('PARTIALLY_NULLIFIED', 0, 4_000)).toEqual([
      'PARTIALLY_REFUNDED',
      'PARTIALLY_NULLIFIED',
      6_000,
    ]);
    expect(read('AUTHORIZED', 0, 7_500)).toEqual(['PARTIALLY_REFUNDED', 'AUTHORIZED', 2_500]);
    expect(paymentOfWebpay('tok', tx('AUTHORIZED', 0))).toEqual({
      referenceId: 'tok',
      status: 'PAID',
      statusDetail: 'AUTHORIZED',
      amount: 10_000,
      externalReference: 'ABCDEFGH23',
      refundedAmount: 0,
    });
  });
});
