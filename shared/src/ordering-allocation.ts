/**
 * 配货 (allocation) of audited orders against what exists, as a pure rule (DESIGN §9, issue 17).
 *
 * - Orders are served by priority: the buyer's priority (a lower number first: HQ maps agent
 *   levels and shop kinds to it), then the order's time, then its id — the same input in any order
 *   gives the same allocation.
 * - An order's lines are allocated per style and colour (a 配码 group): every size of the group is
 *   filled at one common rate, the scarcest size's (sizes in proportion, rounded down per size),
 *   or in whole runs when the group orders whole runs. A group whose filled share would stay
 *   below the target rate gets nothing at all (a broken size run helps no shop) and leaves the
 *   goods to the next order.
 * - Nothing is allocated beyond what is available per SKU, nor beyond what a line still lacks.
 */

/** One order line still waiting for goods. */
export interface AllocationDemand {
  orderId: number;
  lineId: number;
  /** lower is served first (e.g. 一级代理 1, 二级代理 2, 加盟店 3) */
  priority: number;
  /** when the order was submitted, ISO 8601: earlier is served first within a priority */
  orderedAt: string;
  styleId: number;
  colourKey: string;
  skuId: number;
  sizeName: string;
  /** ordered minus already allocated (and cut): what the line still lacks, ≥ 0 */
  outstanding: number;
  /** the group's 配码 when it orders whole runs: pieces per size name (same for every line of the group) */
  run?: Readonly<Record<string, number>> | null;
}

export interface AllocationOptions {
  /** the least share of a group's outstanding pieces worth sending, in basis points (10000 = all of it; 0 = any) */
  targetRateBp: number;
}

export interface Allocation {
  orderId: number;
  lineId: number;
  skuId: number;
  quantity: number;
}

export interface SkippedGroup {
  orderId: number;
  styleId: number;
  colourKey: string;
  /** the share it could have had, in basis points */
  rateBp: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** groups left without goods because their share stayed below the target */
  skipped: SkippedGroup[];
  /** what is left per SKU */
  left: Map<number, number>;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The serving order of two demands: priority, time, order, then style, colour, line. */
function compareDemands(a: AllocationDemand, b: AllocationDemand): number {
  return (
    a.priority - b.priority ||
    compareText(a.orderedAt, b.orderedAt) ||
    a.orderId - b.orderId ||
    a.styleId - b.styleId ||
    compareText(a.colourKey, b.colourKey) ||
    a.lineId - b.lineId
  );
}

/** Pieces per line of one group at the common rate `rate` (0–1) the scarcest size allows. */
function proportional(lines: readonly AllocationDemand[], available: (skuId: number) => number): number[] {
  let rate = 1;
  for (const line of lines) if (line.outstanding > 0) rate = Math.min(rate, available(line.skuId) / line.outstanding);
  // rounded down per size: never above what exists or what the line lacks
  return lines.map((line) => Math.min(line.outstanding, available(line.skuId), Math.floor(line.outstanding * rate + 1e-9)));
}

/** Pieces per line of one group in whole runs: as many runs as every size of the run allows and the lines still lack. */
function wholeRuns(lines: readonly AllocationDemand[], run: Readonly<Record<string, number>>, available: (skuId: number) => number): number[] {
  let runs = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const per = run[line.sizeName] ?? 0;
    if (per > 0) runs = Math.min(runs, Math.floor(Math.min(available(line.skuId), line.outstanding) / per));
  }
  if (!Number.isFinite(runs)) runs = 0;
  return lines.map((line) => (run[line.sizeName] ?? 0) * runs);
}

/** Allocates `supply` (available pieces per SKU) to `demands`; see the module comment for the rules. */
export function allocate(demands: readonly AllocationDemand[], supply: ReadonlyMap<number, number>, options: AllocationOptions): AllocationResult {
  const left = new Map<number, number>();
  for (const [skuId, quantity] of supply) left.set(skuId, Math.max(0, Math.floor(quantity)));
  const available = (skuId: number) => left.get(skuId) ?? 0;

  // groups in serving order, each with its lines in a fixed order
  const groups = new Map<string, AllocationDemand[]>();
  for (const demand of [...demands].filter((d) => d.outstanding > 0).sort(compareDemands)) {
    const key = `${demand.orderId}|${demand.styleId}|${demand.colourKey}`;
    const group = groups.get(key);
    if (group) group.push(demand);
    else groups.set(key, [demand]);
  }

  const allocations: Allocation[] = [];
  const skipped: SkippedGroup[] = [];
  for (const lines of groups.values()) {
    const first = lines[0]!;
    const pieces = first.run ? wholeRuns(lines, first.run, available) : proportional(lines, available);
    const wanted = lines.reduce((sum, line) => sum + line.outstanding, 0);
    const given = pieces.reduce((sum, n) => sum + n, 0);
    const rateBp = wanted === 0 ? 0 : Math.floor((given * 10_000) / wanted);
    if (given === 0 || rateBp < options.targetRateBp) {
      skipped.push({ orderId: first.orderId, styleId: first.styleId, colourKey: first.colourKey, rateBp });
      continue;
    }
    lines.forEach((line, i) => {
      const quantity = pieces[i]!;
      if (quantity <= 0) return;
      left.set(line.skuId, available(line.skuId) - quantity);
      allocations.push({ orderId: line.orderId, lineId: line.lineId, skuId: line.skuId, quantity });
    });
  }
  return { allocations, skipped, left };
}
