import {
  addressProblem,
  areaProblem,
  cityProblem,
  contactProblem,
  managerProblem,
  openedOnProblem,
  partyCodeProblem,
  partyNameProblem,
  partyPhoneProblem,
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

/** Text fields as the server stores them: trimmed, empty when left blank. */
export function trimAll<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;
}
