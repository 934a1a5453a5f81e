import { useMemo } from 'react';
import type { ReorderInfo } from '@erp/shared';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';

type Cell = ReorderInfo['cells'][number] & { colourKey: string };

/** 翻单明细's colour × size grid: ordered / shipped / received (bold) / re-ordered (when any) per cell. */
export function ReorderCellsGrid({ cells }: { cells: ReorderInfo['cells'] }) {
  const rows = useMemo<Cell[]>(() => cells.map((c) => ({ ...c, colourKey: String(c.colourId) })), [cells]);
  return (
    <SizeRunGrid<Cell>
      mode="view"
      cells={rows}
      testId="reorder-info-grid"
      renderCell={(c) => (
        <span data-testid={`reorder-cell-${c.skuId}`}>
          {c.ordered} / {c.shipped} / <strong>{c.received}</strong>
          {c.reordered ? <span style={{ color: '#722ed1' }}> / {c.reordered}</span> : null}
        </span>
      )}
    />
  );
}
