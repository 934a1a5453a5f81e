import {
  accountNameProblem,
  accountPhoneProblem,
  addressProblem,
  areaProblem,
  checkResetPassword,
  cityProblem,
  contactProblem,
  managerProblem,
  openedOnProblem,
  partyCodeProblem,
  partyNameProblem,
  partyPhoneProblem,
  personNameProblem,
  provinceProblem,
  remarkProblem,
  type PartyKind,
} from '@erp/shared';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';

/** The rules every party form shares (code, name, contact, phone, place, remark). */
export function partyFormRules(kind: PartyKind) {
  return {
    code: [checkRule(partyCodeProblem)],
    name: [checkRule((value) => partyNameProblem(value, kind))],
    contactName: [checkRule(contactProblem)],
    phone: [checkRule(partyPhoneProblem)],
    province: [checkRule(provinceProblem)],
    city: [checkRule(cityProblem)],
    address: [checkRule(addressProblem)],
    remark: [checkRule(remarkProblem)],
    managerName: [checkRule(managerProblem)],
    areaSqm: [checkRule(areaProblem)],
    openedOn: [checkRule(openedOnProblem)],
  };
}

export const accountFormRules = {
  account: [checkRule(accountNameProblem)],
  name: [checkRule(personNameProblem)],
  phone: [checkRule(accountPhoneProblem)],
  password: [checkRule((value) => checkResetPassword(typeof value === 'string' ? value : ''))],
};

/** Text fields as the server stores them: trimmed, empty when left blank. */
export function trimAll<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;
}

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
