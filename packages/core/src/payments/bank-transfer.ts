/**
 * Transfers: the diner sends the money to the shop's account and the shop checks it arrived. The
 * checkout and the follow-up show where to send it; the import refuses a CBU that cannot be right.
 */

/** Where a transfer goes: an Argentine alias and/or CBU (CVU) and the account holder. */
export interface BankTransferInfo {
  alias: string | null;
  cbu: string | null;
  holder: string | null;
}

const BLOCK_ONE_WEIGHTS = [7, 1, 3, 9, 7, 1, 3];
const BLOCK_TWO_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3];

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether a CBU or CVU is well formed: 22 digits in two blocks, each ending in its check digit (bank
 * and branch, then account), as the Argentine central bank defines them. Spaces and dashes are ignored.
 */
export function isValidCbu(text: string): boolean {
  const cbu = text.replace(/[\s-]/g, '');
  if (!/^\d{22}$/.test(cbu)) return false;
  return (
    checkDigit(cbu.slice(0, 7), BLOCK_ONE_WEIGHTS) === Number(cbu[7]) &&
    checkDigit(cbu.slice(8, 21), BLOCK_TWO_WEIGHTS) === Number(cbu[21])
  );
}

/** An alias as the banks accept it: 6 to 20 letters, digits, dots or dashes. */
export function isValidBankAlias(text: string): boolean {
  return /^[A-Za-z0-9.-]{6,20}$/.test(text.trim());
}

/** The CBU in the groups people read aloud and compare: '0170099 2 0000012345678 4'. */
export function formatCbu(cbu: string): string {
  const digits = cbu.replace(/\D/g, '');
  return digits.length === 22
    ? `${digits.slice(0, 7)} ${digits[7]} ${digits.slice(8, 21)} ${digits[21]}`
    : cbu;
}
