import { accountNameProblem, accountPhoneProblem, checkResetPassword, personNameProblem } from '@erp/shared';
import { checkRule } from '../form-modal/check-rule.ts';

// The sign-in account of a party or a sub-user: the form's rules and a suggested initial password.

export const accountFormRules = {
  account: [checkRule(accountNameProblem)],
  name: [checkRule(personNameProblem)],
  phone: [checkRule(accountPhoneProblem)],
  password: [checkRule((value) => checkResetPassword(typeof value === 'string' ? value : ''))],
};

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#$%&*+=?';

/** A random initial password that passes the reset rule (all four classes, 12 characters). */
export function suggestPassword(random: (n: number) => number = secureRandom): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[random(set.length)]!);
  const chars = [...pick(UPPER, 3), ...pick(LOWER, 4), ...pick(DIGITS, 3), ...pick(SYMBOLS, 2)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function secureRandom(n: number): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return buffer[0]! % n;
}
