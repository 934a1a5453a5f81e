import { Input, Select, Space, Table } from 'antd';
import { RETURN_REASON_MAX, ReturnMessages, type ReturnDetail, type ReturnLineRecord } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';

// The fields of 审核 and 收货, inside the action bar's dialog (their state lives with ReturnActions).

export interface AuditState {
  hqWarehouseId: number | null;
  /** per back line id */
  approved: Record<number, number | null>;
  cutReasons: Record<number, string>;
}

export interface ReceiveState {
  defectiveWarehouseId: number | null;
  good: Record<number, number | null>;
  defective: Record<number, number | null>;
  reason: string;
}

const backLines = (doc: ReturnDetail) => doc.lines.filter((l) => l.leg === 'back');
const shipping = (doc: ReturnDetail) => backLines(doc).filter((l) => (l.approvedQuantity ?? 0) > 0);
const isCount = (v: number | null | undefined, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const item = (l: ReturnLineRecord) => `${l.styleNo} ${l.colourName} ${l.sizeName}`;

export const auditInitial = (doc: ReturnDetail): AuditState => ({
  hqWarehouseId: null,
  approved: Object.fromEntries(backLines(doc).map((l) => [l.id, l.quantity])),
  cutReasons: {},
});

export function auditProblem(doc: ReturnDetail, state: AuditState): string | null {
  if (!state.hqWarehouseId) return ReturnMessages.hqWarehouseRequired;
  let total = 0;
  for (const [i, line] of backLines(doc).entries()) {
    const q = state.approved[line.id];
    if (!isCount(q, line.quantity)) return ReturnMessages.approveInvalid(i + 1);
    if (q < line.quantity && !(state.cutReasons[line.id] ?? '').trim()) return ReturnMessages.cutReasonRequired(i + 1);
    total += q;
  }
  return total === 0 ? ReturnMessages.approveNothing : null;
}

export const auditInput = (doc: ReturnDetail, state: AuditState) => ({
  hqWarehouseId: state.hqWarehouseId!,
  lines: backLines(doc).map((l) => ({ lineId: l.id, approvedQuantity: state.approved[l.id]!, cutReason: (state.cutReasons[l.id] ?? '').trim() || null })),
});

export function AuditFields({ doc, state, onChange }: { doc: ReturnDetail; state: AuditState; onChange: (next: AuditState) => void }) {
  const warehouses = useWarehouseOptions();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <span>收货仓库</span>
        <Select<number>
          style={{ width: 260 }}
          value={state.hqWarehouseId ?? undefined}
          onChange={(id) => onChange({ ...state, hqWarehouseId: id })}
          options={warehouses.options.filter((o) => o.type === 'hq')}
          loading={warehouses.isLoading}
          placeholder="总部仓库"
          data-testid="return-audit-warehouse"
        />
      </Space>
      <Table<ReturnLineRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={backLines(doc)}
        scroll={{ y: 320 }}
        columns={[
          { key: 'item', title: '商品', render: (_, l) => item(l) },
          { key: 'qty', title: '申请', dataIndex: 'quantity', width: 60, align: 'right' },
          {
            key: 'approved',
            title: '核定',
            width: 100,
            render: (_, l) => (
              <QuantityInput
                width={72}
                value={state.approved[l.id] ?? null}
                rule={{ min: 0, max: l.quantity }}
                onChange={(q) => onChange({ ...state, approved: { ...state.approved, [l.id]: q } })}
                aria-label={`${item(l)} 核定数量`}
                testId={`return-audit-qty-${l.barcode}`}
              />
            ),
          },
          {
            key: 'cut',
            title: '核减原因',
            width: 180,
            render: (_, l) => (
              <Input
                size="small"
                maxLength={RETURN_REASON_MAX}
                disabled={(state.approved[l.id] ?? l.quantity) >= l.quantity}
                value={state.cutReasons[l.id] ?? ''}
                onChange={(e) => onChange({ ...state, cutReasons: { ...state.cutReasons, [l.id]: e.target.value } })}
                data-testid={`return-audit-cut-${l.barcode}`}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}

export const receiveInitial = (doc: ReturnDetail): ReceiveState => ({
  defectiveWarehouseId: null,
  good: Object.fromEntries(shipping(doc).map((l) => [l.id, l.approvedQuantity])),
  defective: {},
  reason: '',
});

export function receiveProblem(doc: ReturnDetail, state: ReceiveState): string | null {
  let short = false;
  let defectives = 0;
  for (const [i, line] of shipping(doc).entries()) {
    const good = state.good[line.id];
    const defective = state.defective[line.id] ?? 0;
    const max = line.approvedQuantity!;
    if (!isCount(good, max) || !isCount(defective, max) || good + defective > max) return ReturnMessages.receiveInvalid(i + 1);
    if (good + defective !== max) short = true;
    defectives += defective;
  }
  if (defectives > 0 && !state.defectiveWarehouseId) return ReturnMessages.defectiveWarehouseRequired;
  return short && !state.reason.trim() ? ReturnMessages.differenceReasonRequired : null;
}

export const receiveInput = (doc: ReturnDetail, state: ReceiveState) => ({
  defectiveWarehouseId: state.defectiveWarehouseId,
  reason: state.reason.trim() || null,
  lines: shipping(doc).map((l) => ({ lineId: l.id, goodQuantity: state.good[l.id]!, defectiveQuantity: state.defective[l.id] ?? 0 })),
});

export function ReceiveFields({ doc, state, onChange }: { doc: ReturnDetail; state: ReceiveState; onChange: (next: ReceiveState) => void }) {
  const warehouses = useWarehouseOptions();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <span>收货仓库：{doc.hqWarehouseName}。正品入收货仓库，次品转入次品仓；少到的请填写差异原因。</span>
      <Table<ReturnLineRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={shipping(doc)}
        scroll={{ y: 320 }}
        columns={[
          { key: 'item', title: '商品', render: (_, l) => item(l) },
          { key: 'sent', title: '发出', dataIndex: 'approvedQuantity', width: 60, align: 'right' },
          ...(['good', 'defective'] as const).map((field) => ({
            key: field,
            title: field === 'good' ? '正品' : '次品',
            width: 96,
            render: (_: unknown, l: ReturnLineRecord) => (
              <QuantityInput
                width={72}
                value={state[field][l.id] ?? null}
                rule={{ min: 0, max: l.approvedQuantity ?? 0 }}
                onChange={(q) => onChange({ ...state, [field]: { ...state[field], [l.id]: q } })}
                aria-label={`${item(l)} ${field === 'good' ? '正品' : '次品'}数量`}
                testId={`return-receive-${field}-${l.barcode}`}
              />
            ),
          })),
        ]}
      />
      <Space wrap>
        <span>次品仓</span>
        <Select<number>
          allowClear
          style={{ width: 220 }}
          value={state.defectiveWarehouseId ?? undefined}
          onChange={(id) => onChange({ ...state, defectiveWarehouseId: id ?? null })}
          options={warehouses.options.filter((o) => o.type === 'defective')}
          placeholder="有次品时选择"
          data-testid="return-receive-defective-warehouse"
        />
        <span>差异原因</span>
        <Input
          style={{ width: 240 }}
          maxLength={RETURN_REASON_MAX}
          value={state.reason}
          onChange={(e) => onChange({ ...state, reason: e.target.value })}
          placeholder="少到、破损等"
          data-testid="return-receive-reason"
        />
      </Space>
    </Space>
  );
}
