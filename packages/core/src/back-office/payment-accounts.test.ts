import { describe, expect, it } from 'vitest';
import {
  PAYMENT_ACCOUNT_MESSAGES as M,
  mercadoPagoCredentialProblems,
  transbankCredentialProblems,
} from './payment-accounts.ts';

const good = {
  accessToken: 'APP_USR-1234567890123456-112512-abcdef0123456789-123456789',
  publicKey: 'APP_USR-0a1b2c3d-4e5f-6789-abcd-ef0123456789',
  webhookSecret: 'f3c1a9e0b7d24c55',
};

describe('pasted Mercado Pago credentials', () => {
  it('take production or test credentials, copied whole', () => {
    expect(mercadoPagoCredentialProblems(good)).toEqual([]);
    expect(
      mercadoPagoCredentialProblems({
        ...good,
        accessToken: 'TEST-1234567890123456-112512-abcdef',
        publicKey: 'TEST-0a1b2c3d-4e5f',
      }),
    ).toEqual([]);
  });

  it('name each wrong field with the spec-style Spanish text', () => {
    expect(
      mercadoPagoCredentialProblems({ accessToken: 'abc', publicKey: 'pk_live_x', webhookSecret: '' }),
    ).toEqual([
      { field: 'accessToken', message: M.accessTokenInvalid },
      { field: 'publicKey', message: M.publicKeyInvalid },
      { field: 'webhookSecret', message: M.webhookSecretInvalid },
    ]);
    expect(M.accessTokenInvalid).toBe(
      'El access token de Mercado Pago empieza con APP_USR- (producción) o TEST- (pruebas). Copialo completo desde "Tus integraciones > Credenciales".',
    );
  });

  it('refuse a production token with a test key (payments would fail in the browser)', () => {
    expect(mercadoPagoCredentialProblems({ ...good, publicKey: 'TEST-0a1b2c3d-4e5f' })).toEqual([
      { field: 'publicKey', message: M.mixedModes },
    ]);
  });
});

describe('pasted Transbank credentials', () => {
  it('take a 12-digit commerce code and the secret API key', () => {
    expect(
      transbankCredentialProblems({
        commerceCode: '597055555532',
        apiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
      }),
    ).toEqual([]);
    expect(transbankCredentialProblems({ commerceCode: '5970', apiKey: 'short' })).toEqual([
      { field: 'commerceCode', message: M.commerceCodeInvalid },
      { field: 'apiKey', message: M.apiKeyInvalid },
    ]);
  });
});
