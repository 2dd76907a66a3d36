import { describe, expect, it } from 'vitest';
import { type ProviderPayment, RefundRefusedError } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

const now = new Date('2026-11-18T18:00:00Z');
const sandbox = createSandboxProvider({
  secret: 'test-secret',
  publicUrl: 'https://comanda.example/',
  clock: () => now,
});

const fields = (cardNumber: string) => ({
  cardNumber,
  cardName: 'Lucía Fernández',
  cardExpiry: '12/30',
  cardSecurityCode: '123',
  cardDocument: '30123456',
});

async function charge(cardNumber = '4509953566233704', amount = 1_234_550): Promise<ProviderPayment> {
  const { token, paymentMethodId } = sandbox.createCardToken(fields(cardNumber), now);
  return sandbox.createCardPayment({
    token,
    paymentMethodId,
    amount,
    currency: 'ARS',
    decimals: 2,
    description: 'Pedido ABC',
    externalReference: 'ABCDEFGH23',
    idempotencyKey: token,
    payer: {
      name: 'Lucía Fernández',
      email: null,
      identificationType: 'DNI',
      identificationNumber: '30123456',
    },
  });
}

const refund = (payment: ProviderPayment, amount: number, idempotencyKey = 'refund-1') => ({
  referenceId: payment.referenceId,
  amount,
  paymentAmount: payment.amount,
  currency: 'ARS',
  decimals: 2,
  idempotencyKey,
});

describe('sandbox provider', () => {
  it('reports payments with nothing refunded', async () => {
    const payment = await charge();
    expect(payment).toMatchObject({ status: 'PAID', amount: 1_234_550, refundedAmount: 0 });
    expect(await sandbox.getPayment(payment.referenceId)).toEqual(payment);
  });

  it('refunds a sealed payment, fully or in part, the same refund id for the same key', async () => {
    const payment = await charge();
    const full = await sandbox.refundPayment(refund(payment, payment.amount));
    expect(full).toEqual({ refundId: expect.stringMatching(/^sbxref_/), amount: 1_234_550, status: 'DONE' });
    expect(await sandbox.refundPayment(refund(payment, payment.amount))).toEqual(full);
    const part = await sandbox.refundPayment(refund(payment, 1_000, 'refund-2'));
    expect(part).toMatchObject({ amount: 1_000, status: 'DONE' });
    expect(part.refundId).not.toBe(full.refundId);
  });

  it('refuses a forged or foreign reference, and amounts it cannot give back', async () => {
    const payment = await charge();
    const [body, mac] = payment.referenceId.split('.') as [string, string];
    // the same payment claiming ten times the amount, under the original signature
    const sealed = JSON.parse(Buffer.from(body.slice('sbxpay_'.length), 'base64url').toString('utf8'));
    const inflated = `sbxpay_${Buffer.from(JSON.stringify({ ...sealed, a: sealed.a * 10 })).toString('base64url')}`;
    const other = createSandboxProvider({ secret: 'another-secret', publicUrl: 'https://comanda.example' });
    for (const referenceId of [
      'sbxpay_garbage.xyz',
      `${inflated}.${mac}`,
      `${body}.${Buffer.alloc(16).toString('base64url')}`,
      body,
      (await sandbox.refundPayment(refund(payment, 500))).refundId,
      '',
    ])
      await expect(sandbox.refundPayment({ ...refund(payment, 500), referenceId })).rejects.toBeInstanceOf(
        RefundRefusedError,
      );
    await expect(other.refundPayment(refund(payment, 500))).rejects.toBeInstanceOf(RefundRefusedError);
    for (const amount of [0, -1, 10.5, payment.amount + 1])
      await expect(sandbox.refundPayment(refund(payment, amount))).rejects.toBeInstanceOf(RefundRefusedError);
    // the sealed amount rules, whatever the caller says the payment charged
    await expect(
      sandbox.refundPayment({ ...refund(payment, payment.amount + 1), paymentAmount: payment.amount + 1 }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it('refuses to refund a payment that took no money', async () => {
    const rejected = await charge('4000000000000002');
    expect(rejected.status).toBe('REJECTED');
    await expect(sandbox.refundPayment(refund(rejected, 500))).rejects.toBeInstanceOf(RefundRefusedError);
    const pending = await charge('4000000000003220');
    expect(pending.status).toBe('PROCESSING');
    await expect(sandbox.refundPayment(refund(pending, 500))).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it('refunds a payment made through a hosted payment link', async () => {
    const link = await sandbox.createPaymentLink({
      amount: 500_000,
      currency: 'ARS',
      decimals: 2,
      title: 'Pedido ABC',
      externalReference: 'ABCDEFGH23',
      contactAlias: 'donmateo-palermo',
      returnUrl: 'https://comanda.example/menu/donmateo-palermo/order/ABCDEFGH23',
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    });
    const opened = sandbox.readLink(link.url.split('/').at(-1) as string);
    expect(opened).not.toBeNull();
    const payment = sandbox.payLink(opened as NonNullable<typeof opened>);
    expect(payment.refundedAmount).toBe(0);
    expect(await sandbox.refundPayment(refund(payment, 500_000))).toMatchObject({
      amount: 500_000,
      status: 'DONE',
    });
  });
});
