import type { MenuIndex, MenuLeaf } from '../../access/menu-tree.ts';

/** Greeting by the hour of day. */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 11) return '上午好';
  if (hour >= 11 && hour < 13) return '中午好';
  if (hour >= 13 && hour < 18) return '下午好';
  return '晚上好';
}

export interface ShortcutSection {
  key: string;
  title: string;
  icon: string;
  entries: MenuLeaf[];
}

export const LOOSE_SECTION_TITLE = '常用功能';

/**
 * Every screen in the user's menu except the current one, grouped by first-level item.
 * First-level pages share one section at the front.
 */
export function shortcutSections(index: MenuIndex, currentPath: string): ShortcutSection[] {
  const loose: ShortcutSection = { key: '#loose', title: LOOSE_SECTION_TITLE, icon: 'AppstoreOutlined', entries: [] };
  const sections: ShortcutSection[] = [];
  for (const top of index.tops) {
    if (top.leaf) {
      if (top.leaf.path !== currentPath) loose.entries.push(top.leaf);
      continue;
    }
    const entries = top.groups.flatMap((group) => group.entries).filter((leaf) => leaf.path !== currentPath);
    if (entries.length > 0) sections.push({ key: top.key, title: top.title, icon: top.icon, entries });
  }
  return loose.entries.length > 0 ? [loose, ...sections] : sections;
}
