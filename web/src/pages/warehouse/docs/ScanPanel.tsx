import { useState } from 'react';
import { Alert, Card, Input, Select, Space, Statistic } from 'antd';
import { STOCK_DOC_BOX_NO_MAX, type StockDocDetail, type StockDocLineRecord, type StockScanAnswer } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { useShelfOptions } from '../../../api/use-warehouse-options.ts';
import { actionPermission } from './doc-rules.ts';
import { ScanInput, ScanUndoButton, ScanWarningAlert } from '../../../ui/document/ScanInput.tsx';
import { useStockScanStation as useScanStation } from './use-stock-scan.ts';
import '../../../ui/document/stock-docs.css';

export interface ScanPanelProps {
  doc: StockDocDetail;
  /** 箱号 input (default true) */
  showBoxNo?: boolean;
  /** 货架 select (default true) */
  showShelf?: boolean;
  /** after each answered scan (ok or refused) */
  onScanned?: (answer: StockScanAnswer, barcode: string) => void;
}

const lineText = (l: StockDocLineRecord) => `${l.styleNo} ${l.productName} ${l.colourName} ${l.sizeName}`;

/**
 * The scan station: a barcode scanner types into the autofocused input and ends with Enter; each
 * code is one call, queued so fast scanners never lose one. A refused code shows a red full-width
 * warning and buzzes; focus stays in the input. 撤销上一件 takes back the last good scan.
 */
export function ScanPanel({ doc, showBoxNo = true, showShelf = true, onScanned }: ScanPanelProps) {
  const can = usePermission();
  const shelves = useShelfOptions(showShelf ? doc.warehouseId : null);
  const [boxNo, setBoxNo] = useState('');
  const [shelfId, setShelfId] = useState<number | null>(null);
  const allowed = doc.actions.includes('scan') && can(actionPermission(doc.kind, 'scan'));
  // a refusal stays on screen until dismissed (Esc or ×): the next good beep must not hide it
  const station = useScanStation({ kind: doc.kind, docId: doc.id, totalActual: doc.totalActual, active: allowed, onScanned });
  const { last } = station;

  if (!allowed) {
    return <Alert type="info" showIcon title={`单据当前为「${doc.statusLabel}」，不能扫描`} data-testid="scan-closed" />;
  }

  return (
    <Card title="扫描" data-testid="scan-panel" data-beeps={station.beeps} data-busy={station.busy}>
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <ScanWarningAlert station={station} description="该件未计入。按 Esc 或点右侧 × 关闭提示，继续扫描。" />
        <ScanInput station={station} fields={{ boxNo: boxNo.trim(), shelfId }} />
        <div className="doc-scan__fields">
          {showBoxNo ? (
            <Input style={{ width: 180 }} addonBefore="箱号" maxLength={STOCK_DOC_BOX_NO_MAX} value={boxNo} onChange={(e) => setBoxNo(e.target.value)} data-testid="scan-box" />
          ) : null}
          {showShelf ? (
            <Select<number>
              allowClear
              style={{ width: 200 }}
              placeholder="货架（可不选）"
              value={shelfId ?? undefined}
              options={shelves.options}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v) => setShelfId(v ?? null)}
              data-testid="scan-shelf"
            />
          ) : null}
          <ScanUndoButton station={station} />
          <Statistic title="已扫描" value={station.totalActual} suffix={`/ ${doc.totalQuantity}`} styles={{ content: { fontSize: 20 } }} data-testid="scan-total" />
        </div>
        {last ? (
          <div className="doc-scan__last" data-testid="scan-last">
            {last.undo ? '已撤销：' : '已扫描：'}
            <b>{lineText(last.line)}</b>（{last.line.barcode}） {last.line.actualQuantity ?? 0} / {last.line.quantity}
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
