import { INLINE_ERROR } from '../../../api/request.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DatePicker, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { PURCHASE_ORDER_ACTION_LABELS, PURCHASE_REASON_MAX, PurchaseMessages, type PurchaseOrderAction, type PurchaseOrderDetail, type PurchaseOrderRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { purchaseOrderKeys, purchaseOrdersApi, type PurchaseOrderRouteAction, purchaseOrderEditPath } from '../../../api/purchase-orders.ts';
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
  const [receiving, setReceiving] = useState(false);
  const [promised, setPromised] = useState<Dayjs | null>(null);
  const label = (a: PurchaseOrderAction) => PURCHASE_ORDER_ACTION_LABELS[a];
  const row = variant === 'row';

  return (
    <>
      <DocumentActionBar<PurchaseOrderAction>
        docNo={order.orderNo}
        open={offeredActions(order.actions, can)}
        order={ORDER}
        label={label}
        variant={variant}
        primary={(a) => a === 'submit' || a === 'audit' || a === 'receive' || a === 'confirm'}
        danger={(a) => a === 'delete' || a === 'close'}
        before={(a) => {
          if (a === 'edit') navigate(purchaseOrderEditPath(order.id));
          else if (a === 'receive') setReceiving(true);
          else return false;
          return true;
        }}
        onStart={() => setPromised(order.promisedDate ? dayjs(order.promisedDate) : null)}
        dialog={(action) => ({
          confirm: CONFIRMS[action as DialogAction],
          reason: action === 'close' ? { title: '关闭原因', required: false, max: PURCHASE_REASON_MAX, placeholder: '关闭原因（选填），如：供应商停产' } : undefined,
          validate: action === 'confirm' ? () => (promised ? null : PurchaseMessages.promisedDateRequired) : undefined,
          body:
            action === 'confirm' ? (
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
            ) : undefined,
        })}
        run={async (action, { reason }) => {
          if (action === 'delete') {
            await purchaseOrdersApi.remove(order.id, INLINE_ERROR);
            client.removeQueries({ queryKey: purchaseOrderKeys.detail(order.id) });
            void client.invalidateQueries({ queryKey: purchaseOrderKeys.all });
            toast().success('删除成功');
            onDeleted?.();
            return;
          }
          const body = action === 'confirm' ? { promisedDate: promised!.format('YYYY-MM-DD') } : action === 'close' && reason ? { reason } : {};
          // the bar shows a failure in its dialog: no toast besides
          const detail = await purchaseOrdersApi.action(order.id, action as PurchaseOrderRouteAction, body, INLINE_ERROR);
          client.setQueryData(purchaseOrderKeys.detail(order.id), detail);
          void client.invalidateQueries({ queryKey: purchaseOrderKeys.all });
          toast().success(`${label(action)}成功`);
          onChanged?.(detail);
        }}
        testIds={{
          bar: row ? `po-row-actions-${order.orderNo}` : 'po-actions',
          button: (a) => (row ? `po-row-${a}-${order.orderNo}` : `po-action-${a}`),
          confirm: 'po-action-confirm',
          reason: 'po-action-reason',
          error: 'po-action-error',
        }}
      />
      {receiving ? <PurchaseReceiveModal orderId={order.id} open={receiving} onClose={() => setReceiving(false)} onReceived={(result) => onChanged?.(result.order)} /> : null}
    </>
  );
}
