import { describe, expect, it } from 'vitest';
import { EMPTY_SIGN_UP, fieldOfPath, signUpBody, signUpFieldErrors, suggestedAlias } from './sign-up-form.ts';

describe('the sign-up form', () => {
  it('suggests the link from the business and shop names', () => {
    expect(suggestedAlias({ businessName: 'La Esquina', shopName: 'Villa Crespo' })).toBe(
      'la-esquina-villa-crespo',
    );
  });

  it('lists every missing field in Spanish before sending', () => {
    const errors = signUpFieldErrors(EMPTY_SIGN_UP, true);
    expect(errors).toMatchObject({
      businessName: 'Ingresá el nombre de tu negocio.',
      location: 'Marcá el local en el mapa.',
      password: 'La contraseña necesita al menos 10 caracteres.',
      inviteCode: 'Necesitás un código de invitación para abrir tu tienda.',
    });
    expect(signUpFieldErrors(EMPTY_SIGN_UP, false).inviteCode).toBeUndefined();
  });

  it('maps the server’s paths to fields and builds the request', () => {
    expect(fieldOfPath('owner.email')).toBe('email');
    expect(fieldOfPath('address.number')).toBe('number');
    expect(fieldOfPath('whatever')).toBeNull();
    const body = signUpBody({ ...EMPTY_SIGN_UP, alias: ' La-Esquina ', location: { lat: 1, lng: 2 } });
    expect(body.alias).toBe('la-esquina');
    expect(body).not.toHaveProperty('inviteCode');
    expect(body.location).toEqual({ lat: 1, lng: 2 });
  });
});
