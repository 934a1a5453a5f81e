import { useMemo, useState } from 'react';
import { Card, Select, Space, Statistic } from 'antd';
import type { StockDocDetail, StockDocLineRecord } from '@erp/shared';
import { useShelfOptions } from '../../../api/use-warehouse-options.ts';
import { ScanInput, ScanUndoButton, ScanWarningAlert } from '../../../ui/document/ScanInput.tsx';
import { useStockScanStation as useScanStation } from '../docs/use-stock-scan.ts';
import '../../../ui/document/stock-docs.css';

const lineText = (l: StockDocLineRecord) => `${l.styleNo} ${l.productName} ${l.colourName} ${l.sizeName}${l.shelfCode ? ` @${l.shelfCode}` : ''}`;

/**
 * 盲盘 scan station: like the documents' scan panel, but it never shows a book quantity — only
 * what has been counted (per line and in total). Each Enter is one call, queued; a refused code
 * flashes red and buzzes. The shelf being counted is kept between scans; a shelf-scoped count
 * offers its own shelves only and needs one chosen.
 */
export function BlindScanPanel({ doc }: { doc: StockDocDetail }) {
  const shelves = useShelfOptions(doc.warehouseId);
  const [shelfId, setShelfId] = useState<number | null>(null);
  const station = useScanStation({ kind: 'stocktake', docId: doc.id, totalActual: doc.totalActual, active: true, clearWarningOnOk: true });
  const { last } = station;
  const scoped = doc.shelfIds.length > 0;
  const shelfOptions = useMemo(() => (scoped ? shelves.options.filter((o) => doc.shelfIds.includes(o.value)) : shelves.options), [doc.shelfIds, scoped, shelves.options]);

  return (
    <Card title="盲盘扫描" data-testid="blind-scan-panel" data-busy={station.busy}>
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <ScanWarningAlert station={station} />
        <div className="doc-scan__fields">
          <Select<number>
            allowClear={!scoped}
            style={{ width: 240 }}
            placeholder={scoped ? '请选择正在盘点的货架' : '当前货架（不选：未上架/地面）'}
            value={shelfId ?? undefined}
            options={shelfOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v) => {
              setShelfId(v ?? null);
              station.focus();
            }}
            status={scoped && shelfId === null ? 'warning' : undefined}
            data-testid="blind-scan-shelf"
          />
          <ScanUndoButton station={station} />
          <Statistic title="已盘点" value={station.totalActual} suffix="件" styles={{ content: { fontSize: 20 } }} data-testid="blind-scan-total" />
        </div>
        <ScanInput station={station} fields={{ shelfId }} problem={scoped && shelfId === null ? '请先选择正在盘点的货架' : null} />
        {last ? (
          <div className="doc-scan__last" data-testid="scan-last">
            {last.undo ? '已撤销：' : '已盘点：'}
            {/* only the counted quantity: the book stays hidden while counting */}
            <b>{lineText(last.line)}</b>，该行已盘 {last.line.actualQuantity ?? 0} 件
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
