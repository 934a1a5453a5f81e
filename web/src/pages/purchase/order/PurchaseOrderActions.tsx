import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, DatePicker, Input, Modal, Space, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PURCHASE_ORDER_ACTION_LABELS,
  PURCHASE_REASON_MAX,
  PurchaseMessages,
  type PurchaseOrderAction,
  type PurchaseOrderDetail,
  type PurchaseOrderRecord,
} from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { purchaseOrderKeys, purchaseOrdersApi, type PurchaseOrderRouteAction } from '../purchase-orders-api.ts';
import { orderEditPath } from './purchase-access.ts';
import { offeredActions } from './purchase-order-rules.ts';
import { PurchaseReceiveModal } from './PurchaseReceiveModal.tsx';

/** The order the buttons act on, in this order. */
const ORDER: PurchaseOrderAction[] = ['edit', 'submit', 'withdraw', 'audit', 'receive', 'confirm', 'close', 'delete'];

/** Actions that ask in a dialog before they run (edit navigates, receive opens its own form). */
type DialogAction = Exclude<PurchaseOrderAction, 'edit' | 'receive'>;

const CONFIRMS: Record<DialogAction, string> = {
  submit: '提交后订单等待审核，不能再编辑（可撤回后修改）。确定提交？',
  withdraw: '撤回后订单回到草稿，可以继续编辑。确定撤回？',
  audit: '审核后订单下达给供应商，可以收货入库。确定审核？',
  close: '关闭后订单不能再收货（已收货的不受影响）。确定关闭？',
  confirm: '请选择供应商承诺的交货日期。',
  delete: '删除后不能恢复。确定删除该草稿订单？',
};

export interface PurchaseOrderActionsProps {
  order: PurchaseOrderRecord;
  /** row: small link buttons (list); bar: buttons of the detail page */
  variant: 'row' | 'bar';
  /** after an action, with the order as it is now (not after delete) */
  onChanged?: (detail: PurchaseOrderDetail) => void;
  onDeleted?: () => void;
}

/**
 * The status buttons of a purchase order: the actions its status opens (`actions`), filtered by the
 * user's button codes. Each asks first (关闭 also for a reason, 确认交期 for the promised date);
 * 收货 opens the receive form; a refusal keeps the dialog open with the server's message.
 */
export function PurchaseOrderActions({ order, variant, onChanged, onDeleted }: PurchaseOrderActionsProps) {
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pending, setPending] = useState<DialogAction | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [reason, setReason] = useState('');
  const [promised, setPromised] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const shown = ORDER.filter((a) => offeredActions(order.actions, can).includes(a));
  const label = (a: PurchaseOrderAction) => PURCHASE_ORDER_ACTION_LABELS[a];

  const start = (action: PurchaseOrderAction) => {
    if (action === 'edit') return navigate(orderEditPath(order.id));
    if (action === 'receive') return setReceiving(true);
    setReason('');
    setPromised(order.promisedDate ? dayjs(order.promisedDate) : null);
    setError(null);
    setPending(action);
  };

  const run = async () => {
    if (!pending) return;
    if (pending === 'confirm' && !promised) return setError(PurchaseMessages.promisedDateRequired);
    setBusy(true);
    setError(null);
    try {
      if (pending === 'delete') {
        await purchaseOrdersApi.remove(order.id);
        client.removeQueries({ queryKey: purchaseOrderKeys.detail(order.id) });
        void client.invalidateQueries({ queryKey: purchaseOrderKeys.all });
        toast().success('删除成功');
        setPending(null);
        onDeleted?.();
        return;
      }
      const body = pending === 'confirm' ? { promisedDate: promised!.format('YYYY-MM-DD') } : pending === 'close' && reason.trim() ? { reason: reason.trim() } : {};
      const detail = await purchaseOrdersApi.action(order.id, pending satisfies PurchaseOrderRouteAction, body);
      client.setQueryData(purchaseOrderKeys.detail(order.id), detail);
      void client.invalidateQueries({ queryKey: purchaseOrderKeys.all });
      toast().success(`${label(pending)}成功`);
      setPending(null);
      onChanged?.(detail);
    } catch (e) {
      // the dialog stays open with what was typed; the toast said it too
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (shown.length === 0) return null;
  const row = variant === 'row';
  const primary = (a: PurchaseOrderAction) => !row && (a === 'submit' || a === 'audit' || a === 'receive' || a === 'confirm');
  return (
    <>
      <Space size={row ? 0 : 8} wrap={!row} data-testid={row ? `po-row-actions-${order.orderNo}` : 'po-actions'}>
        {shown.map((action) => (
          <Button
            key={action}
            type={row ? 'link' : primary(action) ? 'primary' : 'default'}
            size={row ? 'small' : undefined}
            danger={action === 'delete' || action === 'close'}
            onClick={() => start(action)}
            data-testid={row ? `po-row-${action}-${order.orderNo}` : `po-action-${action}`}
          >
            {label(action)}
          </Button>
        ))}
      </Space>
      <Modal
        title={pending ? `${label(pending)} ${order.orderNo}` : ''}
        open={pending !== null}
        onCancel={() => (busy ? undefined : setPending(null))}
        onOk={() => void run()}
        okText={pending ? label(pending) : '确定'}
        cancelText="取消"
        okButtonProps={{ danger: pending === 'delete' || pending === 'close', loading: busy, 'data-testid': 'po-action-confirm' } as ButtonProps}
        destroyOnHidden
        maskClosable={!busy}
      >
        <p>{pending ? CONFIRMS[pending] : null}</p>
        {pending === 'close' ? (
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={PURCHASE_REASON_MAX}
            showCount
            placeholder="关闭原因（选填），如：供应商停产"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="po-action-reason"
          />
        ) : null}
        {pending === 'confirm' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <span>
              下单日期 {order.orderDate}，要求交货日期 {order.expectedDate}
            </span>
            <DatePicker
              style={{ width: 240 }}
              placeholder="承诺交货日期"
              value={promised}
              onChange={setPromised}
              disabledDate={(d) => d.isBefore(dayjs(order.orderDate), 'day')}
              data-testid="po-promised-date"
            />
          </Space>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="po-action-error" /> : null}
      </Modal>
      {receiving ? (
        <PurchaseReceiveModal
          orderId={order.id}
          open={receiving}
          onClose={() => setReceiving(false)}
          onReceived={(result) => onChanged?.(result.order)}
        />
      ) : null}
    </>
  );
}
