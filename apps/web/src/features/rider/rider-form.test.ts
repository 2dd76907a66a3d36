import { MESSAGES } from '@comanda/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api.ts';
import {
  checkPhoneIntake,
  checkRegisterForm,
  checkSecurityCode,
  isRiderNotFound,
  lookupErrorMessage,
  phoneIntakeTarget,
  RESUME_SHIFT_HERE,
  shiftActions,
  shiftErrorMessage,
} from './rider-form.ts';

const fields = {
  initPhone: '91160000001',
  registerPhone: '+54 9 11 6000-0001',
  name: '  Martín   Gómez ',
  securityCode: ' 4321 ',
};

describe('phone intake', () => {
  it('logs out an active rider, logs in an inactive one and registers an unknown phone', () => {
    expect(phoneIntakeTarget({ found: true, rider: { active: true } })).toBe('logOut');
    expect(phoneIntakeTarget({ found: true, rider: { active: false } })).toBe('logIn');
    expect(phoneIntakeTarget({ found: false })).toBe('register');
    // a phone that is not the rider's is not told the shift: it logs in (and proves the phone)
    expect(phoneIntakeTarget({ found: true, rider: { active: null } })).toBe('logIn');
  });

  it('reads the phone in the contact country, as the placeholder writes it or with its prefix', () => {
    expect(checkPhoneIntake('9 11 2345-6789', 'ar')).toEqual({ ok: true, value: '+5491123456789' });
    expect(checkPhoneIntake('91160000001', 'ar')).toEqual({ ok: true, value: '+5491160000001' });
    expect(checkPhoneIntake('+5491160000001', 'uy')).toEqual({ ok: true, value: '+5491160000001' });
  });

  it('asks for the phone and refuses an invalid one with the spec texts', () => {
    expect(checkPhoneIntake('  ', 'ar')).toEqual({
      ok: false,
      message: 'Debe completar todos los campos para continuar',
    });
    expect(checkPhoneIntake('12', 'ar')).toEqual({ ok: false, message: 'El número de teléfono es invalido' });
  });

  it('takes a 404 lookup as not registered, and any other failure as the retry text', () => {
    expect(isRiderNotFound(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isRiderNotFound(new ApiError(500, 'HTTP_500', 'x'))).toBe(false);
    expect(lookupErrorMessage(new ApiError(500, 'HTTP_500', 'x'))).toBe(
      'Hubo un error, vuélvalo a intentar en unos minutos',
    );
  });
});

describe('register form', () => {
  it('accepts the same number written two ways and tidies the name and code', () => {
    expect(checkRegisterForm(fields, 'ar')).toEqual({
      ok: true,
      value: { name: 'Martín Gómez', phone: '+5491160000001', securityCode: '4321' },
    });
  });

  it('requires every field', () => {
    for (const key of ['initPhone', 'registerPhone', 'name', 'securityCode'] as const)
      expect(checkRegisterForm({ ...fields, [key]: ' ' }, 'ar')).toEqual({
        ok: false,
        message: 'Debe completar todos los campos para continuar',
      });
  });

  it('refuses an invalid phone and two different phones', () => {
    expect(checkRegisterForm({ ...fields, registerPhone: '123' }, 'ar')).toEqual({
      ok: false,
      message: 'El número de teléfono es invalido',
    });
    expect(checkRegisterForm({ ...fields, registerPhone: '91160000002' }, 'ar')).toEqual({
      ok: false,
      message: 'Los números de teléfono no coinciden',
    });
  });

  it('requires the security code to start or end a shift', () => {
    expect(checkSecurityCode('')).toEqual({
      ok: false,
      message: 'Debe completar todos los campos para continuar',
    });
    expect(checkSecurityCode(' 4321')).toEqual({ ok: true, value: '4321' });
  });
});

describe('shift errors', () => {
  it('keeps the server words for too many codes and for a shift that cannot end yet', () => {
    const limited = 'Demasiados intentos. Probá de nuevo en 8 segundos.';
    expect(shiftErrorMessage(new ApiError(429, 'RATE_LIMITED', limited))).toBe(limited);
    const busy = 'Entregá o cancelá tu envío en curso antes de finalizar el turno.';
    expect(shiftErrorMessage(new ApiError(409, 'SHIPMENT_IN_PROGRESS', busy))).toBe(busy);
  });

  it("keeps the server words about the one-time code sent to the rider's phone", () => {
    const wrong = 'El código no es correcto. Te quedan 4 intentos.';
    expect(shiftErrorMessage(new ApiError(400, 'CODE_WRONG', wrong))).toBe(wrong);
    const spent = 'El código venció o ya fue usado. Pedí uno nuevo.';
    expect(shiftErrorMessage(new ApiError(400, 'CODE_EXPIRED', spent))).toBe(spent);
    const format = 'El código tiene 6 números.';
    expect(shiftErrorMessage(new ApiError(400, 'BAD_REQUEST', format))).toBe(format);
  });

  it('reads a 400 as a wrong security code and anything else as the retry text', () => {
    expect(
      shiftErrorMessage(new ApiError(400, 'SECURITY_CODE_WRONG', 'El código de seguridad es erróneo')),
    ).toBe('El código de seguridad es erróneo');
    expect(shiftErrorMessage(new ApiError(400, 'HTTP_400', 'Hubo un error'))).toBe(
      'El código de seguridad es erróneo',
    );
    expect(shiftErrorMessage(new ApiError(400, 'BAD_REQUEST', 'El número de teléfono es invalido'))).toBe(
      'El número de teléfono es invalido',
    );
    expect(shiftErrorMessage(new ApiError(500, 'INTERNAL', 'Error interno'))).toBe(
      'Hubo un error, vuélvalo a intentar en unos minutos',
    );
    expect(shiftErrorMessage(new ApiError(429, 'HTTP_429', 'Hubo un error'))).toBe(
      'Hubo un error, vuélvalo a intentar en unos minutos',
    );
    expect(shiftErrorMessage(new Error('offline'))).toBe(
      'Hubo un error, vuélvalo a intentar en unos minutos',
    );
  });
});

describe('shift actions', () => {
  it('starts a shift on logIn', () => {
    expect(shiftActions('logIn')).toEqual([{ active: true, text: MESSAGES.startShift, primary: true }]);
  });

  it('ends the shift on logOut, and below offers taking it to this phone, which starts it here', () => {
    expect(shiftActions('logOut')).toEqual([
      { active: false, text: 'Finalizar turno', primary: true },
      { active: true, text: 'Retomar turno en este teléfono', primary: false },
    ]);
    expect(RESUME_SHIFT_HERE).toBe('Retomar turno en este teléfono');
  });
});
