import { describe, expect, it } from 'vitest';
import { formatCbu, isValidBankAlias, isValidCbu } from './bank-transfer.ts';

describe('isValidCbu', () => {
  it.each([
    ['0170099200000123456784', true],
    ['0170099 2 0000012345678 4', true],
    ['0170099-2-0000012345678-4', true],
    // a wrong check digit in either block
    ['0170099300000123456784', false],
    ['0170099200000123456785', false],
    // a digit swapped inside the account
    ['0170099200000123456874', false],
    ['017009920000012345678', false],
    ['01700992000001234567845', false],
    ['017009920000012345678A', false],
    ['', false],
  ])('%s is %s', (cbu, valid) => {
    expect(isValidCbu(cbu)).toBe(valid);
  });
});

describe('isValidBankAlias', () => {
  it.each([
    ['donmateo.palermo', true],
    ['MATE-TERMO-SOL', true],
    ['corto', false],
    ['un alias con espacios', false],
    ['alias.demasiado.largo.x', false],
  ])('%s is %s', (alias, valid) => {
    expect(isValidBankAlias(alias)).toBe(valid);
  });
});

it('groups a CBU by its blocks and check digits', () => {
  expect(formatCbu('0170099200000123456784')).toBe('0170099 2 0000012345678 4');
});
