/**
 * 单据状态机 (DESIGN §9): every document type describes its statuses as status → action → next
 * status; an action absent from a status is refused. One helper serves stock documents, purchase
 * orders, purchase refunds and every selling document after them, on the server (the transition
 * check) and in the web (which buttons an action bar shows).
 */
export type Machine<S extends string, A extends string> = Partial<Record<S, Partial<Record<A, MachineTarget<S>>>>>;

/**
 * Where an action leads: one status, or — when the action's effects decide (an order's status
 * follows its quantities) — every status it may end in, the usual one first. The transition stores
 * only one of them (kernel/documents/transition.ts).
 */
export type MachineTarget<S extends string> = S | readonly [S, ...S[]];

const targetList = <S extends string>(target: MachineTarget<S> | undefined): readonly S[] =>
  target === undefined ? [] : typeof target === 'string' ? [target as S] : (target as readonly S[]);

/** The status after `action` (the usual one of several), or null when the machine refuses it. */
export function machineNext<S extends string, A extends string>(machine: Machine<S, A>, status: S, action: A): S | null {
  return targetList(machine[status]?.[action])[0] ?? null;
}

/** Every status `action` may lead to from `status` (empty when the machine refuses it). */
export function machineTargets<S extends string, A extends string>(machine: Machine<S, A>, status: S, action: A): S[] {
  return [...targetList(machine[status]?.[action])];
}

/** The actions open from a status, in the machine's order (for showing buttons). */
export function machineActions<S extends string, A extends string>(machine: Machine<S, A>, status: S): A[] {
  return Object.keys(machine[status] ?? {}) as A[];
}

/** Every action the machine knows from any status (the routes a document type needs). */
export function machineAllActions<S extends string, A extends string>(machine: Machine<S, A>): A[] {
  const seen = new Set<A>();
  for (const step of Object.values(machine) as (Partial<Record<A, MachineTarget<S>>> | undefined)[]) for (const action of Object.keys(step ?? {}) as A[]) seen.add(action);
  return [...seen];
}

/** The statuses reachable from `from` (itself included): for tests and for showing a document's path. */
export function machineReachable<S extends string, A extends string>(machine: Machine<S, A>, from: S): S[] {
  const seen = new Set<S>([from]);
  const queue: S[] = [from];
  while (queue.length) {
    const status = queue.shift()!;
    for (const next of (Object.values(machine[status] ?? {}) as MachineTarget<S>[]).flatMap(targetList)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** 409 message of a refused transition: 「<document> <no>当前为「<status>」，不能<action>」. */
export const transitionRefused = (documentLabel: string, docNo: string, statusLabel: string, actionLabel: string) =>
  `${documentLabel}${docNo}当前为「${statusLabel}」，不能${actionLabel}`;
