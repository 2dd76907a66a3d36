import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, errorCodeOfStatus, isErrorCode } from './errors.ts';

describe('the API’s error codes', () => {
  it('give each code one HTTP error status', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(code, code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it.each([400, 401, 403, 404, 413, 415, 429, 500, 503])(
    'name the answer of status %i with a code listed for that status',
    (status) => {
      expect(ERROR_CODES[errorCodeOfStatus(status)]).toBe(status);
    },
  );

  it('recognise a listed code and nothing else', () => {
    expect(isErrorCode('PRICE_MISMATCH')).toBe(true);
    expect(isErrorCode('INACTIVE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });

  it('write the handler’s own answers in Spanish', () => {
    expect(ERROR_MESSAGES.serviceUnavailable).toBe(
      'El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.',
    );
    expect(ERROR_MESSAGES.internal).toBe('Ocurrió un error inesperado. Intentá de nuevo en unos minutos.');
  });
});
