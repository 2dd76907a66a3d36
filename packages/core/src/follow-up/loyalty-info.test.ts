import { describe, expect, it } from 'vitest';
import { LOYALTY_INFO_MESSAGES, orderPointsLines } from './loyalty-info.ts';

const points = { programName: 'Puntos Mateo', redeemedPoints: 0, earnedPoints: 0, pendingPoints: 0 };

describe("the follow-up's loyalty info", () => {
  it('says what an open order will add on delivery, and what a delivered one added', () => {
    expect(orderPointsLines({ ...points, pendingPoints: 1065 }, 'ACCEPTED')).toEqual([
      'Vas a sumar 1.065 Puntos Mateo cuando recibas este pedido',
    ]);
    expect(orderPointsLines({ ...points, earnedPoints: 1065 }, 'DELIVERED')).toEqual([
      'Sumaste 1.065 Puntos Mateo con este pedido',
    ]);
  });

  it('says what the order used, and that a cancelled order gave it back', () => {
    const used = { ...points, redeemedPoints: 600, pendingPoints: 540 };
    expect(orderPointsLines(used, 'GENERATED')).toEqual([
      'Usaste 600 Puntos Mateo en este pedido',
      'Vas a sumar 540 Puntos Mateo cuando recibas este pedido',
    ]);
    expect(orderPointsLines({ ...used, pendingPoints: 0 }, 'CANCELED')).toEqual([
      'Los 600 Puntos Mateo que usaste volvieron a tu saldo',
    ]);
    expect(orderPointsLines(points, 'CANCELED')).toEqual([]);
  });

  it('keeps its own texts in the voseo register', () => {
    expect(LOYALTY_INFO_MESSAGES.more('Puntos Mateo')).toBe('Más sobre Puntos Mateo');
    expect(LOYALTY_INFO_MESSAGES.signIn).toBe(
      'Iniciá sesión con tu teléfono para ver tu saldo y tus movimientos.',
    );
  });
});
