import type { ReactElement } from 'react';
import { Popconfirm } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SALES_ORDER_ACTION_LABELS, SALES_ORDER_REASON_MAX, type SalesOrderAction, type SalesOrderDetail } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { DocumentActionBar, type ActionDialog } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { salesOrderKeys, salesOrdersApi, type SalesOrderRouteAction } from '../../../api/sales-orders.ts';

/**
 * The actions of a 订货单 wherever they are offered — the detail's bar and the list's rows — with
 * one wording: every submission (the detail, the list, order entry, the cart) asks the same
 * question with the same buttons; 取消 reads 确定取消 / 返回, never 取消 / 取消.
 */

export const ORDER_ACTION_ORDER: readonly SalesOrderAction[] = ['edit', 'submit', 'withdraw', 'audit', 'reject', 'cancel', 'close'];

/** The one question before an order is submitted, wherever that happens. */
export const SUBMIT_CONFIRM = {
  title: '提交订货单',
  content: '提交后等待总部审核，不能再编辑（可撤回后修改）。提交时按今天的价格重新计价，并占用订货额度与授信。确定提交？',
  okText: '确定提交',
  cancelText: '返回',
} as const;

const DIALOGS: Partial<Record<SalesOrderAction, ActionDialog>> = {
  submit: { confirm: SUBMIT_CONFIRM.content, okText: SUBMIT_CONFIRM.okText, cancelText: SUBMIT_CONFIRM.cancelText },
  withdraw: { confirm: '撤回后订单回到草稿，可以继续编辑。确定撤回？', okText: '确定撤回', cancelText: '返回' },
  reject: { confirm: '驳回后订单结束，购货方需重新下单。', reason: { title: '驳回原因', required: true, max: SALES_ORDER_REASON_MAX }, okText: '确定驳回', cancelText: '返回' },
  cancel: { confirm: '取消后订单结束，不能恢复。', reason: { title: '取消原因', required: true, max: SALES_ORDER_REASON_MAX }, okText: '确定取消', cancelText: '返回' },
  close: {
    confirm: '关闭后订单不再发货：已配未开单的货释放回仓库，订货额度退回未发部分。',
    reason: { title: '关闭原因', required: true, max: SALES_ORDER_REASON_MAX },
    okText: '确定关闭',
    cancelText: '返回',
  },
};

export const orderActionDialog = (action: SalesOrderAction): ActionDialog => DIALOGS[action] ?? { confirm: '' };

/** 提交 behind the one question (order entry's 提交, the cart's 提交订单): `children` is the button. */
export function SubmitConfirm({ onConfirm, disabled, children }: { onConfirm: () => void; disabled?: boolean; children: ReactElement }) {
  return (
    <Popconfirm
      title={SUBMIT_CONFIRM.title}
      description={<div style={{ maxWidth: 320 }}>{SUBMIT_CONFIRM.content}</div>}
      okText={SUBMIT_CONFIRM.okText}
      cancelText={SUBMIT_CONFIRM.cancelText}
      onConfirm={onConfirm}
      disabled={disabled}
      okButtonProps={{ 'data-testid': 'so-submit-confirm' } as never}
    >
      {children}
    </Popconfirm>
  );
}

/**
 * An order's buttons (the machine's actions its `actions` allow): 编辑 and 审核 are taken over by the
 * caller (a page, a dialog); the others ask, run and refresh the order's queries.
 */
export function OrderActions({
  order,
  variant,
  onEdit,
  onAudit,
  onDone,
  testPrefix = 'so',
}: {
  order: Pick<SalesOrderDetail, 'id' | 'orderNo' | 'actions'>;
  variant: 'bar' | 'row';
  onEdit: () => void;
  onAudit: () => void;
  onDone?: (detail: SalesOrderDetail) => void;
  testPrefix?: string;
}) {
  const client = useQueryClient();
  return (
    <DocumentActionBar<SalesOrderAction>
      docNo={order.orderNo}
      open={order.actions}
      order={ORDER_ACTION_ORDER}
      label={(a) => SALES_ORDER_ACTION_LABELS[a]}
      variant={variant}
      primary={(a) => a === 'submit' || a === 'audit'}
      danger={(a) => a === 'reject' || a === 'cancel' || a === 'close'}
      before={(a) => {
        if (a === 'edit') onEdit();
        else if (a === 'audit') onAudit();
        else return false;
        return true;
      }}
      dialog={orderActionDialog}
      run={async (a, { reason }) => {
        const detail = await salesOrdersApi.action(order.id, a as SalesOrderRouteAction, reason ? { reason } : {}, INLINE_ERROR);
        client.setQueryData(salesOrderKeys.detail(order.id), detail);
        void client.invalidateQueries({ queryKey: salesOrderKeys.all });
        toast().success(`${SALES_ORDER_ACTION_LABELS[a]}成功`);
        onDone?.(detail);
      }}
      testIds={{
        bar: `${testPrefix}-actions`,
        button: (a) => `${testPrefix}-action-${a}`,
        confirm: `${testPrefix}-action-confirm`,
        reason: `${testPrefix}-action-reason`,
        error: `${testPrefix}-action-error`,
      }}
    />
  );
}
