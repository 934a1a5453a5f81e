// antd's zh_CN locale does not reach a few labels that antd and its rc components write in English
// (the table's select-all box, InputNumber's step buttons, some close buttons): screen readers and
// tests read them, so they are put into Chinese where they appear in the page.
export const ARIA_LABELS_ZH: Readonly<Record<string, string>> = {
  'Select all': '全选',
  'Custom selection': '自定义选择',
  'Increase Value': '增加数值',
  'Decrease Value': '减少数值',
  Close: '关闭',
  'segmented control': '分段选择',
  'Toggle start panel': '切换开始面板',
  'Toggle end panel': '切换结束面板',
  'Clear color': '清除颜色',
};

// labels with a number in them: the table's row checkboxes
const NUMBERED: readonly [RegExp, (n: string) => string][] = [
  [/^Select row (\d+)$/, (n) => `选择第${n}行`],
  [/^Row (\d+) selected$/, (n) => `第${n}行已选中`],
];

function localize(element: Element) {
  const label = element.getAttribute('aria-label');
  if (!label) return;
  // an icon is labelled with its English name (reload, download…): it is decoration; the button
  // or link around it carries the label a screen reader should say (issue 26). An icon given a
  // label of ours (a tooltip's ？, 未发数说明) keeps it.
  if (element.getAttribute('role') === 'img' && element.classList.contains('anticon') && /^[a-z0-9-]+$/.test(label)) {
    element.removeAttribute('aria-label');
    element.setAttribute('aria-hidden', 'true');
    return;
  }
  const zh = ARIA_LABELS_ZH[label];
  if (zh) return void element.setAttribute('aria-label', zh);
  for (const [pattern, say] of NUMBERED) {
    const match = pattern.exec(label);
    if (match) return void element.setAttribute('aria-label', say(match[1]!));
  }
}

function sweep(element: Element) {
  localize(element);
  for (const labelled of element.querySelectorAll('[aria-label]')) localize(labelled);
}

/** Puts the known English aria-labels under `root` into Chinese, now and as the page changes. */
export function localizeAriaLabels(root: Element): () => void {
  sweep(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') localize(record.target as Element);
      else for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) sweep(node as Element);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
