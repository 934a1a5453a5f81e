import { useEffect, useMemo, useState } from 'react';
import { Alert, Modal, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SALES_ORDER_QUANTITY_MAX, type SalesOrderDetail } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { newIdempotencyKey } from '../../../api/stock-docs.ts';
import { styleEntryProblem, styleTotals } from '../order/order-entry-rules.ts';
import { salesOrderKeys, salesOrdersApi } from '../../../api/sales-orders.ts';
import { reordersApi, useReorderInfo, type ReorderKey } from './reorders-api.ts';
import { MoneyText } from '../../../ui/money/index.ts';

// 翻单 (and 修改数量 of a draft re-order): one style's grid for the buyer, today's price and run
// rules from order entry, and under each cell what the buyer received of it so far. The server
// prices, checks the runs and holds the re-order to styles already received.

export interface ReorderTarget extends ReorderKey {
  styleNo: string;
  /** the receiving shop (the latest order's) */
  shopId: number | null;
  shopName: string;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : '保存失败，请重试');

export function ReorderDialog({
  target,
  draft,
  onClose,
  onSaved,
}: {
  target: ReorderTarget;
  draft?: SalesOrderDetail;
  onClose: () => void;
  onSaved: (order: SalesOrderDetail) => void;
}) {
  const buyer = { buyerType: target.buyerType, buyerId: target.buyerId };
  const entry = useQuery({
    queryKey: salesOrderKeys.entry(target.productId, target.seasonId, buyer),
    queryFn: ({ signal }) => salesOrdersApi.entryStyle(target.productId, target.seasonId, buyer, signal),
  });
  const info = useReorderInfo(target);
  const [values, setValues] = useState<RunValues>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  // 修改数量 starts from the draft's quantities of this style
  useEffect(() => {
    if (draft) setValues(Object.fromEntries(draft.lines.filter((l) => l.productId === target.productId).map((l) => [l.skuId, l.ordered])));
  }, [draft, target.productId]);

  const receivedOf = useMemo(() => new Map((info.data?.cells ?? []).map((c) => [c.skuId, c])), [info.data]);
  const style = entry.data;
  const problem = style ? styleEntryProblem(style, values) : null;
  const totals = style ? styleTotals(style, values) : { pieces: 0, amountFen: 0 };

  const save = async () => {
    if (!style || problem) return;
    const lines = style.skus.filter((k) => (values[k.skuId] ?? 0) > 0).map((k) => ({ skuId: k.skuId, quantity: values[k.skuId]! }));
    if (lines.length === 0) {
      setError('请至少填写一个尺码的翻单数量');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const common = { seasonId: target.seasonId, ...buyer, shopId: draft?.shopId ?? target.shopId, remark: draft?.remark ?? null };
      const order = draft
        ? await salesOrdersApi.update(draft.id, { ...common, lines }, INLINE_ERROR)
        : await reordersApi.create({ ...common, productId: target.productId, lines }, { ...INLINE_ERROR, headers: { 'Idempotency-Key': newIdempotencyKey() } });
      onSaved(order);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={`${draft ? '修改翻单数量' : '翻单'} · ${target.styleNo}`}
      okText={draft ? '保存' : '保存翻单草稿'}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okButtonProps={{ disabled: !style || Boolean(problem), ...({ 'data-testid': 'reorder-save' } as Record<string, string>) }}
      destroyOnHidden
    >
      {entry.isLoading || info.isLoading ? (
        <Spin />
      ) : entry.error ? (
        <Alert type="error" showIcon title={errorText(entry.error)} />
      ) : style ? (
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Typography.Text type="secondary">
            收货门店：{draft?.shopName ?? target.shopName} · 订货价 <MoneyText fen={style.unitPriceFen} />
            {style.wholeRuns ? ' · 整手订货' : ''}
            {style.minRuns > 0 ? ` · 起订${style.minRuns}手` : ''}
            。格内小字为本季已收 / 可订库存；保存后在订货单中提交，总部审核后配货发货。
          </Typography.Text>
          <SizeRunGrid
            mode="entry"
            cells={style.skus.map((k) => ({ ...k, colourKey: String(k.colourId) }))}
            value={values}
            onChange={setValues}
            max={SALES_ORDER_QUANTITY_MAX}
            runEntry
            runs={style.runs.map((r) => ({ id: r.id, name: r.name, run: r.counts }))}
            defaultRunId={style.sizeRunId}
            testId="reorder-grid"
            cellId={(cell) => cell.barcode}
            extra={(cell) => {
              const got = receivedOf.get(cell.skuId)?.received ?? 0;
              const stock = cell.available === null ? '' : ` · 可订 ${cell.available}`;
              return `已收 ${got}${stock}`;
            }}
          />
          <div data-testid="reorder-total">
            合计 {totals.pieces} 件 · <MoneyText fen={totals.amountFen} />
          </div>
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
        </Space>
      ) : null}
      {error ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={error} data-testid="reorder-error" /> : null}
    </Modal>
  );
}
