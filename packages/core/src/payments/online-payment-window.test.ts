import { describe, expect, it } from 'vitest';
import {
  isOnlinePaymentAllowed,
  ONLINE_PAYMENT_ALLOWED_HOURS,
  ONLINE_PAYMENT_TOO_FAR,
} from './online-payment-window.ts';

const NOW = new Date('2026-11-18T15:00:00-03:00');
const hoursLater = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe('the online-payment allowed hours (decision 021)', () => {
  it('is 48 hours', () => {
    expect(ONLINE_PAYMENT_ALLOWED_HOURS).toBe(48);
    expect(ONLINE_PAYMENT_TOO_FAR).toBe(
      'El pago online está disponible para pedidos de las próximas 48 horas. Elegí otro medio de pago o un horario más cercano.',
    );
  });

  it('allows an order for now and one due within the hours, up to the last minute', () => {
    expect(isOnlinePaymentAllowed(null, NOW)).toBe(true);
    expect(isOnlinePaymentAllowed(hoursLater(5), NOW)).toBe(true);
    expect(isOnlinePaymentAllowed(hoursLater(48), NOW)).toBe(true);
  });

  it('refuses an order scheduled further ahead', () => {
    expect(isOnlinePaymentAllowed(hoursLater(48.01), NOW)).toBe(false);
    expect(isOnlinePaymentAllowed(hoursLater(72), NOW)).toBe(false);
  });
});
