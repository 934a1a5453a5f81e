import { useState } from 'react';
import { Alert, Card, Descriptions, Empty, Input, Space, Tag } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { formatYuan, RETURN_QUANTITY_MAX, type ReturnableAnswer } from '@erp/shared';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { backTotals, scanOne, styleGroups } from './return-rules.ts';
import { MoneyText } from '../../../ui/money/index.ts';

/** The values of these cells only. */
export const only = (values: RunValues, cells: readonly { skuId: number }[]): RunValues => Object.fromEntries(cells.map((c) => [c.skuId, values[c.skuId]]));

const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** The season's allowance and what this document asks of it (red when over). */
export function AllowanceBar({ answer, amountFen, label }: { answer: ReturnableAnswer; amountFen: number; label: string }) {
  const a = answer.allowance;
  const over = amountFen > a.leftFen;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 2, lg: 4, xxl: 8 }}
      data-testid="return-allowance"
      items={[
        { key: 'buyer', label: '购货方', children: answer.buyerName },
        { key: 'policy', label: '政策', children: a.policyName || <Tag color="error">无适用政策</Tag> },
        { key: 'rate', label: `${label}比例`, children: percent(a.rateBp) },
        { key: 'window', label: '退换期限', children: `收货后${a.windowDays}天` },
        { key: 'shipped', label: '本季发货', children: formatYuan(a.shippedFen) },
        { key: 'allowance', label: `${label}额度`, children: formatYuan(a.allowanceFen) },
        { key: 'left', label: '剩余额度', children: <MoneyText strong fen={a.leftFen} data-testid="return-allowance-left" /> },
        {
          key: 'this',
          label: '本单',
          children: (
            <b style={{ color: over ? '#cf1322' : undefined }} data-testid="return-allowance-this">
              <MoneyText fen={amountFen} />
            </b>
          ),
        },
      ]}
    />
  );
}

/**
 * What goes back: a barcode box (one scan, one piece) and a colour × size grid per style of what the
 * shop received this season, each cell with what it may still return (or why it may not).
 */
export function ReturnBackGrids({ answer, values, onChange, disabled }: { answer: ReturnableAnswer; values: RunValues; onChange: (next: RunValues) => void; disabled?: boolean }) {
  const [code, setCode] = useState('');
  const [scan, setScan] = useState<{ ok: boolean; text: string } | null>(null);
  const groups = styleGroups(answer.skus);
  const totals = backTotals(answer.skus, values);
  const submitScan = () => {
    if (!code.trim()) return;
    const result = scanOne(answer, values, code);
    setCode('');
    if (result.problem) setScan({ ok: false, text: result.problem });
    else {
      onChange(result.values);
      setScan({ ok: true, text: `${result.sku!.styleNo} ${result.sku!.colourName} ${result.sku!.sizeName} +1` });
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Space wrap>
        <Input
          prefix={<BarcodeOutlined />}
          placeholder="扫描条码退回一件（回车确认）"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            submitScan();
          }}
          disabled={disabled}
          style={{ width: 320 }}
          maxLength={64}
          autoComplete="off"
          data-testid="return-scan"
        />
        <span data-testid="return-back-totals">
          退回 <b>{totals.pieces}</b> 件 · 预计 <MoneyText fen={totals.amountFen} />
        </span>
      </Space>
      {scan ? <Alert type={scan.ok ? 'success' : 'warning'} showIcon title={scan.text} closable onClose={() => setScan(null)} data-testid="return-scan-result" /> : null}
      {groups.length === 0 ? (
        <Empty description="该门店本季没有从总部收到的货品" data-testid="return-nothing" />
      ) : (
        groups.map((group) => (
          <Card key={group.productId} size="small" title={`${group.styleNo} ${group.productName}`} data-testid={`return-style-${group.styleNo}`}>
            <SizeRunGrid
              cells={group.cells}
              mode="entry"
              // each grid its own cells' values, so its totals are its style's
              value={only(values, group.cells)}
              onChange={(next) => onChange({ ...values, ...next })}
              max={RETURN_QUANTITY_MAX}
              disabled={disabled}
              testId={`return-grid-${group.styleNo}`}
              extra={(cell) =>
                cell.blocked ? (
                  <span style={{ color: '#cf1322' }}>{cell.blocked}</span>
                ) : (
                  <span data-testid={`return-left-${cell.barcode}`}>
                    可退{cell.returnable} · <MoneyText fen={cell.unitPriceFen} />
                  </span>
                )
              }
            />
          </Card>
        ))
      )}
    </Space>
  );
}
