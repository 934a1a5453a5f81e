import { describe, expect, it } from 'vitest';
import { DOCUMENT_MACHINES, documentMachine } from './document-machines.ts';
import { DOCUMENT_TYPES, type DocumentType } from './documents.ts';
import { machineActions, machineReachable, machineTargets, type Machine } from './machine.ts';

const TYPES = Object.keys(DOCUMENT_MACHINES) as DocumentType[];

/** Every status a machine names: its keys and every target of every action. */
function statusesOf(machine: Machine<string, string>): string[] {
  const seen = new Set(Object.keys(machine));
  for (const status of Object.keys(machine)) for (const action of machineActions(machine, status)) for (const t of machineTargets(machine, status, action)) seen.add(t);
  return [...seen];
}

/** An end status: no action leads anywhere else. */
const isEnd = (machine: Machine<string, string>, status: string) => machineActions(machine, status).every((a) => machineTargets(machine, status, a).every((t) => t === status));

describe('the registry of document machines', () => {
  it('registers a machine for every document type the kernel knows', () => {
    expect(TYPES.sort()).toEqual(Object.keys(DOCUMENT_TYPES).sort());
    for (const type of TYPES) {
      expect(Object.keys(DOCUMENT_MACHINES[type].machines).length).toBeGreaterThan(0);
      // a type without kinds answers its one machine by its own name
      if (!(['stock_doc', 'sales_return'] as DocumentType[]).includes(type)) expect(documentMachine(type)).toBe(Object.values(DOCUMENT_MACHINES[type].machines)[0]);
    }
    expect(documentMachine('stock_doc', 'transfer')).toBe(DOCUMENT_MACHINES.stock_doc.machines.transfer);
    expect(documentMachine('sales_return', 'swap')).toBe(DOCUMENT_MACHINES.sales_return.machines.swap);
  });

  for (const type of TYPES) {
    const { statuses, actions, machines } = DOCUMENT_MACHINES[type] as {
      statuses: readonly string[];
      actions: readonly string[];
      machines: Record<string, Machine<string, string>>;
    };
    for (const [kind, machine] of Object.entries(machines)) {
      const name = kind === type ? type : `${type}/${kind}`;

      it(`${name}: every status and action it names is one of the type's, and every action leads somewhere`, () => {
        for (const status of statusesOf(machine)) expect(statuses, `${name}: ${status}`).toContain(status);
        for (const status of Object.keys(machine)) {
          for (const action of machineActions(machine, status)) {
            expect(actions, `${name}: ${status} → ${action}`).toContain(action);
            const targets = machineTargets(machine, status, action);
            expect(targets.length, `${name}: ${status} → ${action}`).toBeGreaterThan(0);
            // several targets are a set, the usual one first
            expect(new Set(targets).size).toBe(targets.length);
          }
        }
      });

      it(`${name}: from every status an end status is reachable (no document is stuck in a loop)`, () => {
        for (const status of statusesOf(machine)) {
          expect(
            machineReachable(machine, status).some((s) => isEnd(machine, s)),
            `${name}: ${status}`,
          ).toBe(true);
        }
      });

      it(`${name}: void is final`, () => {
        for (const status of statusesOf(machine).filter((s) => s === 'void' || s === 'voided')) expect(machineActions(machine, status), `${name}: ${status}`).toEqual([]);
      });
    }
  }
});
