import {
  hexProblem,
  LOGO_URL_MAX,
  masterCodeProblem,
  masterNameProblem,
  masterRemarkProblem,
  masterSortProblem,
  ProductMasterMessages,
  SIZE_NAME_MAX,
  sizeDuplicated,
} from '@erp/shared';
import type { Category } from '../../api/product-master.ts';
import { checkRule } from '../../ui/form-modal/check-rule.ts';

export const masterFormRules = {
  code: [checkRule(masterCodeProblem)],
  name: [checkRule(masterNameProblem)],
  sort: [checkRule(masterSortProblem)],
  remark: [checkRule(masterRemarkProblem)],
  hex: [checkRule(hexProblem)],
  logoUrl: [checkRule((url: string | undefined) => ((url ?? '').length > LOGO_URL_MAX ? ProductMasterMessages.logoInvalid : null))],
};

/** The next sort to suggest: one past the largest. */
export const nextSort = (sorts: readonly number[]) => (sorts.length === 0 ? 1 : Math.min(9999, Math.max(...sorts) + 1));

// ---- size lists in the size-group form ----

/** A name to add to `sizes`: the problem (blank, too long, duplicate) or null. */
export function newSizeProblem(sizes: readonly string[], name: string): string | null {
  const value = name.trim();
  if (!value) return ProductMasterMessages.sizeNameRequired;
  if (value.length > SIZE_NAME_MAX) return ProductMasterMessages.sizeNameTooLong;
  return sizes.some((size) => size.toUpperCase() === value.toUpperCase()) ? sizeDuplicated(value) : null;
}

/** Moves the size at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveSize(sizes: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (index < 0 || index >= sizes.length || target < 0 || target >= sizes.length) return [...sizes];
  const next = [...sizes];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Moves the size at `from` to the place of `to` (drag and drop). */
export function dropSize(sizes: readonly string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= sizes.length || to >= sizes.length) return [...sizes];
  const next = [...sizes];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

// ---- the category tree table ----

/** antd's tree table shows an expander for any `children`, so leaves lose theirs. */
export function withoutEmptyChildren(nodes: readonly Category[]): Category[] {
  return nodes.map(({ children, ...node }) => (children && children.length > 0 ? { ...node, children: withoutEmptyChildren(children) } : node));
}

/** Every id in the tree (to expand all rows). */
export function allIds(nodes: readonly Category[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);
}

/** The tree as parent choices for a category: levels 1-2 only, minus the category and its subtree. */
export function parentChoices(nodes: readonly Category[], exceptId: number | null): { value: number; title: string; children?: ReturnType<typeof parentChoices> }[] {
  return nodes
    .filter((node) => node.id !== exceptId && node.level < 3)
    .map((node) => {
      const children = parentChoices(node.children ?? [], exceptId);
      return { value: node.id, title: `${node.name}（${node.code}）`, ...(children.length > 0 ? { children } : {}) };
    });
}
