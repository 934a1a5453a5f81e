import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { getUserInfo } from '../../../auth/session.ts';
import { MovesDrawer, type MovesTarget } from './MovesDrawer.tsx';
import { StockBalanceTab } from './StockBalanceTab.tsx';
import { StyleGridTab } from './StyleGridTab.tsx';
import { WarehouseSummaryTab } from './WarehouseSummaryTab.tsx';
import './stock.css';

const TABS = ['detail', 'grid', 'summary'] as const;
type StockTab = (typeof TABS)[number];

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
  // the tab shown is in the address too (?tab=grid), beside each tab's own filters
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') as StockTab) ? (params.get('tab') as StockTab) : 'detail';
  const showTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'detail') next.delete('tab');
      else next.set('tab', key);
      return next;
    });
  return (
    <div className="stock-page">
      <Tabs
        activeKey={tab}
        onChange={showTab}
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
