import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api.ts';
import { fetchFailure, updateFailureFeedback, updateSuccessFeedback } from './update-feedback.ts';

describe('after a shipment update', () => {
  it('toasts the step reached and vibrates one 100 ms pulse', () => {
    expect(updateSuccessFeedback('ON_ROUTE_TO_PICK_UP')).toEqual({
      message: 'Envío aceptado',
      vibration: [100],
      accessDenied: false,
      codeWrong: false,
    });
    expect(updateSuccessFeedback('DELIVERED').message).toBe('Envío entregado');
    expect(updateSuccessFeedback('DRIVER_CANCELED').message).toBe('Envío cancelado');
    expect(updateSuccessFeedback('RETURNED').message).toBe('Regresaste al local');
  });

  it('tells the rider who could not deliver to bring the order back, not that it was delivered', () => {
    expect(updateSuccessFeedback('DELIVERED', true)).toEqual({
      message: 'Avisamos al local. Volvé con el pedido.',
      vibration: [100],
      accessDenied: false,
      codeWrong: false,
    });
  });

  it('tells a lost auction with the spec text and the long vibration', () => {
    const taken = new ApiError(409, 'SHIPMENT_TAKEN', 'Otro repartidor ya tomó este envío.');
    expect(updateFailureFeedback(taken)).toEqual({
      message: 'Otro repartidor ya tomó este envío.',
      vibration: [100, 50, 100, 75, 100],
      accessDenied: false,
      codeWrong: false,
    });
  });

  it('keeps the code dialog open on a wrong delivery code', () => {
    const wrong = new ApiError(400, 'DELIVERY_CODE_WRONG', 'La clave de entrega no es correcta.');
    expect(updateFailureFeedback(wrong)).toMatchObject({
      message: 'La clave de entrega no es correcta.',
      codeWrong: true,
    });
  });

  it('sends a lost session to the 404 and falls back to the catalogue text', () => {
    expect(updateFailureFeedback(new ApiError(401, 'UNAUTHORIZED', 'x'))).toMatchObject({
      message: 'Acceso denegado o link expirado',
      accessDenied: true,
    });
    expect(updateFailureFeedback(new ApiError(500, 'HTTP_500', 'x')).message).toBe(
      'Hubo un error pasando el envío de estado...',
    );
    expect(updateFailureFeedback(new Error('boom')).message).toBe(
      'Hubo un error pasando el envío de estado...',
    );
    expect(
      updateFailureFeedback(new ApiError(403, 'FORBIDDEN', 'Este envío lo tiene otro repartidor.')).message,
    ).toBe('Este envío lo tiene otro repartidor.');
  });
});

describe('a failed read', () => {
  it('answers 403 with the permission text and the 404 page', () => {
    expect(fetchFailure(new ApiError(403, 'FORBIDDEN', 'x'), 'list')).toEqual({
      message: 'No tienes permisos para ver los envíos',
      accessDenied: true,
    });
    expect(fetchFailure(new ApiError(401, 'UNAUTHORIZED', 'x'), 'shipment')).toEqual({
      message: 'Acceso denegado o link expirado',
      accessDenied: true,
    });
  });

  it('uses the catalogue texts of the list and of one shipment otherwise', () => {
    expect(fetchFailure(new ApiError(500, 'HTTP_500', 'x'), 'list')).toEqual({
      message: 'Hubo un error buscando los envíos, vuelva a intentarlo en unos minutos',
      accessDenied: false,
    });
    expect(fetchFailure(new ApiError(0, 'NETWORK_ERROR', 'x'), 'shipment').message).toBe(
      'Hubo un error buscando el envío...',
    );
  });
});
