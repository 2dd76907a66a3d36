import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  orderPercentageText,
  REWARD_ALREADY_CLAIMED,
  rewardClaimFailureMessage,
  rewardSignUpError,
} from './reward-sign-up.ts';

describe('loyalty reward sign-up', () => {
  const lucia = { name: 'Lucía Fernández', phone: '11 5555-0101', email: 'lucia@example.com' };

  it.each([
    ['a complete form', lucia, null],
    ['a phone with its own prefix', { ...lucia, phone: '+54 9 11 5555-0101' }, null],
    ['no name', { ...lucia, name: '  ' }, 'Debe completar todos los campos para continuar'],
    ['no phone', { ...lucia, phone: '' }, 'Debe completar todos los campos para continuar'],
    ['no e-mail', { ...lucia, email: '' }, 'Debe completar todos los campos para continuar'],
    // every field is asked for before the phone is read
    [
      'no e-mail and a bad phone',
      { ...lucia, phone: '12', email: '' },
      'Debe completar todos los campos para continuar',
    ],
    ['a phone too short', { ...lucia, phone: '1234' }, 'El número de teléfono es invalido'],
    ['letters for a phone', { ...lucia, phone: 'mi celular' }, 'El número de teléfono es invalido'],
    ['an e-mail without domain', { ...lucia, email: 'lucia@' }, 'Ingrese un email valido'],
  ])('%s', (_case, fields, message) => {
    expect(rewardSignUpError(fields, 'ar')).toBe(message);
  });

  it('reads a national phone in the branch country', () => {
    expect(rewardSignUpError({ ...lucia, phone: '9 8765 4321' }, 'cl')).toBeNull();
  });

  it.each([
    [
      { code: REWARD_ALREADY_CLAIMED, message: 'Ya ha canjeado este premio' },
      MESSAGES.loyaltyRewardAlreadyClaimed,
    ],
    [{ code: 'CONFLICT', message: 'Reward claim already exists' }, 'Ya ha canjeado este premio'],
    [
      { code: 'BAD_REQUEST', message: 'El número de teléfono es invalido' },
      MESSAGES.loyaltyRewardClaimFailed,
    ],
    [{ code: 'NETWORK_ERROR' }, 'Hubo un error validando sus datos, inténtelo en unos momentos'],
  ])('a failed claim %o reads %s', (error, message) => {
    expect(rewardClaimFailureMessage(error)).toBe(message);
  });

  it.each([
    [0.05, '5%'],
    [0.1, '10%'],
    [0.025, '2,5%'],
    [0.07, '7%'],
    [0, '0%'],
  ])('an order percentage of %s shows as %s', (ratio, text) => {
    expect(orderPercentageText(ratio)).toBe(text);
  });
});
