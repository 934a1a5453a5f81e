import { useCallback, useState } from 'react';
import { Tabs } from 'antd';
import { getUserInfo } from '../../../auth/session.ts';
import { MovesDrawer, type MovesTarget } from './MovesDrawer.tsx';
import { StockBalanceTab } from './StockBalanceTab.tsx';
import { StyleGridTab } from './StyleGridTab.tsx';
import { WarehouseSummaryTab } from './WarehouseSummaryTab.tsx';
import './stock.css';

/**
 * 库存查询 (warehouse/stock): 明细, 尺码横排 and 按仓库汇总 in the caller's warehouse scope; a quantity
 * opens the item's movements, each linking to its document. Cost value is HQ's only (the server
 * leaves it out for others).
 */
export function StockPage() {
  const showCost = getUserInfo()?.roleType === 'manager';
  const [moves, setMoves] = useState<MovesTarget | null>(null);
  const openMoves = useCallback((target: MovesTarget) => setMoves(target), []);
  const closeMoves = useCallback(() => setMoves(null), []);
  return (
    <div className="stock-page">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'detail', label: '明细', children: <StockBalanceTab onMoves={openMoves} /> },
          { key: 'grid', label: '尺码横排', children: <StyleGridTab showCost={showCost} onMoves={openMoves} /> },
          { key: 'summary', label: '按仓库汇总', children: <WarehouseSummaryTab showCost={showCost} /> },
        ]}
        data-testid="stock-tabs"
      />
      <MovesDrawer target={moves} onClose={closeMoves} />
    </div>
  );
}
